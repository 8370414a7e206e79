/** Exits with a message naming `variable` when something already listens on `port`. */
export function exitUnlessPortFree(port: string | number, who: string, variable: string): Promise<void>;
