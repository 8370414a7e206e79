import { IntentLink } from '@/components/site/intent-link';
import { PageHeader } from '@/components/site/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { discountWords, type DiscountSettings } from '@/lib/newsletter/discount-settings';
import { oneClickUnsubscribePath } from '@/lib/newsletter/links';
import { newsletterPromise } from '@/lib/newsletter/promise';
import type { Confirmation, Unsubscription } from '@/lib/newsletter/subscriptions';
import { site } from '@/lib/site';
import { CopyCodeButton } from './copy-code-button';

/**
 * The pages a newsletter email's links open (docs/product.md, Newsletter). Each asks for one
 * press before it changes anything: a mail scanner that opens every link changes nothing.
 */

const EYEBROW = 'Newsletter';
/** How to ask again: the subscribe box sits on the form at the foot of every page. */
const HOW_TO_SUBSCRIBE =
  'To subscribe, tick the newsletter box when you send a message with the form at the foot of this page; a new confirmation link will be emailed to you.';

function Actions({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-wrap justify-center gap-3 px-4 py-12 text-center sm:px-6">
      {children}
    </div>
  );
}

const shopLink = (
  <IntentLink href="/shop" className={buttonVariants()}>
    Visit the Shop
  </IntentLink>
);

/** The confirmation link's page, by the state of its subscription. */
export function ConfirmView({
  token,
  confirmation,
  discount,
}: {
  token: string;
  confirmation: Confirmation;
  discount: DiscountSettings;
}) {
  switch (confirmation.state) {
    case 'pending':
      return (
        <>
          <PageHeader eyebrow={EYEBROW} title="Confirm your subscription">
            <p>
              You’re about to join {site.name}’s newsletter: {newsletterPromise(discount)}.
            </p>
          </PageHeader>
          <Actions>
            <form method="post" action="/api/newsletter/confirm">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className={buttonVariants()}>
                Confirm my subscription
              </button>
            </form>
          </Actions>
        </>
      );
    case 'confirmed':
      return <Subscribed code={discount.on ? confirmation.discountCode : null} discount={discount} />;
    case 'expired':
      return (
        <>
          <PageHeader eyebrow={EYEBROW} title="This link has expired">
            <p>
              {confirmation.confirmed
                ? 'You’re already subscribed: your welcome email has your discount code.'
                : `Confirmation links work for 7 days. ${HOW_TO_SUBSCRIBE}`}
            </p>
          </PageHeader>
          <Actions>{shopLink}</Actions>
        </>
      );
    default:
      return (
        <>
          <PageHeader eyebrow={EYEBROW} title="This link isn’t valid">
            <p>It may have been replaced by a newer email, or the address has since unsubscribed. {HOW_TO_SUBSCRIBE}</p>
          </PageHeader>
          <Actions>{shopLink}</Actions>
        </>
      );
  }
}

function Subscribed({ code, discount }: { code: string | null; discount: DiscountSettings }) {
  return (
    <>
      <PageHeader eyebrow={EYEBROW} title="You’re subscribed">
        <p>Thank you. You’ll hear about new paintings and exhibitions by email.</p>
      </PageHeader>
      {code && (
        <section aria-labelledby="discount-code" className="mx-auto max-w-3xl px-4 pt-12 text-center sm:px-6">
          <h2 id="discount-code" className="text-2xl">
            Your discount code
          </h2>
          <p className="mt-4 select-all font-mono text-4xl tracking-wider text-ink sm:text-5xl">{code}</p>
          <div className="mt-4">
            <CopyCodeButton code={code} />
          </div>
          <p className="mt-4 text-lg text-ink-soft">
            It gives you {discountWords(discount)}: use it at checkout. It’s in your welcome email too.
          </p>
        </section>
      )}
      <Actions>{shopLink}</Actions>
    </>
  );
}

/** The unsubscribe link's page: asks first, then says it is done. */
export function UnsubscribeView({ token, unsubscription }: { token: string; unsubscription: Unsubscription }) {
  if (unsubscription.state === 'unknown') {
    return (
      <PageHeader eyebrow={EYEBROW} title="This unsubscribe link isn’t valid">
        <p>No address was changed. If letters keep coming, reply to one and I’ll take you off the list.</p>
      </PageHeader>
    );
  }
  if (unsubscription.state === 'unsubscribed') {
    return (
      <PageHeader eyebrow={EYEBROW} title="You’re unsubscribed">
        <p role="status">You won’t receive more letters.</p>
        <p className="mt-3">Changed your mind? {HOW_TO_SUBSCRIBE}</p>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader eyebrow={EYEBROW} title={`Unsubscribe ${unsubscription.maskedEmail}?`}>
        <p>You won’t receive more letters, and your discount code will stop working.</p>
      </PageHeader>
      <Actions>
        <form method="post" action={oneClickUnsubscribePath(token)}>
          <button type="submit" className={buttonVariants()}>
            Unsubscribe
          </button>
        </form>
      </Actions>
    </>
  );
}
