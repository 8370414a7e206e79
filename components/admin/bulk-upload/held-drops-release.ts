/** The window property HeldDropsScript leaves for the drop zone: gives back the held files and stops holding. */
export const RELEASE_HELD_DROPS = '__releaseHeldDrops';

declare global {
  interface Window {
    [RELEASE_HELD_DROPS]?: () => File[];
  }
}
