export const PRODUCT_ROOTS: string[];
export function libFolder(source: string): string | null;
export function folderCycles(modules: { source: string; dependencies: { resolved: string }[] }[]): string[][];
/** The module rules' problems for `roots` under `cwd`, one line each; empty when they hold. */
export function checkModules(options?: { cwd?: string; roots?: string[]; config?: string }): string[];
