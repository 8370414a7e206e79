import { formatDay, type RangeDays } from '@/lib/insights/range';
import type { InsightsScreen } from '@/lib/insights/screen';
import { DailyChart } from './daily-chart';
import { DevicesChart } from './devices-chart';
import { PaintingsTable } from './paintings-table';
import { ReferrersTable } from './referrers-table';
import { EmptyState, InsightsSection } from './section';
import { VitalsTable } from './vitals-table';

/** The owner's Insights for one range: each chart with its table and its CSV file. */
export function InsightsView({ screen, days }: { screen: InsightsScreen; days: RangeDays }) {
  const inRange = `in the last ${days} days`;
  const csv = (section: Parameters<typeof InsightsSection>[0]['csv']['section']) => ({ section, days });
  const anyDevice = screen.devices.some((row) => row.visits > 0);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink-soft">
        {formatDay(screen.range.from)} to {formatDay(screen.range.to)} (UTC days). Counted without cookies; nothing
        identifies a visitor.
      </p>

      <InsightsSection id="visits" title="Visits per day" csv={csv('daily')}>
        {screen.totalViews > 0 ? (
          <DailyChart daily={screen.daily} total={screen.totalViews} />
        ) : (
          <EmptyState>No visits counted {inRange} yet.</EmptyState>
        )}
      </InsightsSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <InsightsSection
          id="by-views"
          title="Paintings by views"
          description="The ten most viewed."
          csv={csv('artworks')}
        >
          {screen.topByViews.length ? (
            <PaintingsTable rows={screen.topByViews} measure="views" caption="Paintings by views" />
          ) : (
            <EmptyState>No painting viewed {inRange} yet.</EmptyState>
          )}
        </InsightsSection>
        <InsightsSection
          id="by-enquiries"
          title="Paintings by enquiries"
          description="'Enquire to Purchase' clicks, the ten most asked about."
          csv={csv('artworks')}
        >
          {screen.topByEnquiries.length ? (
            <PaintingsTable rows={screen.topByEnquiries} measure="enquiries" caption="Paintings by enquiries" />
          ) : (
            <EmptyState>No enquiries {inRange} yet.</EmptyState>
          )}
        </InsightsSection>
        <InsightsSection
          id="referrers"
          title="Top referring sites"
          description="Visits that came from another site."
          csv={csv('referrers')}
        >
          {screen.referrers.length ? (
            <ReferrersTable rows={screen.referrers} />
          ) : (
            <EmptyState>No visits from other sites {inRange} yet.</EmptyState>
          )}
        </InsightsSection>
        <InsightsSection
          id="devices"
          title="Phone, tablet and desktop"
          description="Visits by screen width."
          csv={csv('devices')}
        >
          {anyDevice ? (
            <DevicesChart rows={screen.devices} />
          ) : (
            <EmptyState>No visits counted {inRange} yet.</EmptyState>
          )}
        </InsightsSection>
      </div>

      <InsightsSection
        id="speed"
        title="Real-user speed"
        description="How fast pages were for 3 in 4 visitors (the 75th percentile), rated by Google's thresholds."
        csv={csv('vitals')}
      >
        {screen.vitals.length ? (
          <VitalsTable rows={screen.vitals} />
        ) : (
          <EmptyState>No speed measurements {inRange} yet.</EmptyState>
        )}
      </InsightsSection>
    </div>
  );
}
