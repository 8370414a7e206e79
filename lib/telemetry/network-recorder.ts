import type { NetworkEntry } from './client-fetch';

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
