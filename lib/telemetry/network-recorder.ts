/** What the ?debug=1 network log panel lists for each request (components/telemetry). */
export type NetworkEntry = {
  id: number;
  source: 'app' | 'timing';
  at: number;
  startTime: number;
  method: string;
  url: string;
  status?: number;
  durationMs?: number;
  requestHeaders?: [string, string][];
  responseBody?: string;
  error?: string;
};

export type NetworkRecorder = (entry: Omit<NetworkEntry, 'id'>) => void;

const RECORDER = Symbol.for('watercolour.network-recorder');
type Holder = { [RECORDER]?: NetworkRecorder | null };

/** The ?debug=1 panel's store registers here; without it (every other visit) nothing is recorded. */
export function setNetworkRecorder(recorder: NetworkRecorder | null): void {
  (globalThis as Holder)[RECORDER] = recorder;
}

export function networkRecorder(): NetworkRecorder | null | undefined {
  return (globalThis as Holder)[RECORDER];
}
