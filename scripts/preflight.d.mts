/** One thing the machine lacks, and the command or step that fixes it. */
export type Lack = { problem: string; fix: string };
/** Environment variables, as process.env holds them. */
export type Env = Record<string, string | undefined>;
export type Machine = { os: string; cpu: string; libc?: string };
export type Port = { port: number; who: string; variable?: string };
export type NeededPort = Port & { stages: string[] };

export const STAGE_NEEDS: Record<string, string[]>;
export const FONT_DIRS: string[];

export function needsOf(stages: string[]): Map<string, string[]>;
export function checkNode(options: { version?: string; engines: string | undefined }): Lack[];
export function thisMachine(): Machine;
export function checkPackages(options: { root: string; machine?: Machine }): Lack[];
export function chromiumPath(options?: { env?: Env; exists?: (file: string) => boolean }): string;
export function checkChromium(options: {
  executablePath: string;
  fromEnv: boolean;
  stages: string[];
  platform?: NodeJS.Platform;
}): Promise<Lack[]>;
export function checkFonts(options: { dirs?: string[]; stages: string[]; platform?: NodeJS.Platform }): Lack[];
export function postgresPackageDir(root: string): string;
export function checkPostgres(options: { packageDir: string; stages: string[] }): Promise<Lack[]>;
export function checkPostgresUser(options: {
  uid?: number;
  packageDir: string;
  tmpdir?: string;
  hasUser?: (name: string) => Promise<boolean>;
  onPath: (name: string) => boolean;
  stages: string[];
}): Promise<Lack[]>;
export function portsOf(need: string, env: Env): Port[];
export function portsFor(needs: Map<string, string[]>, env: Env): NeededPort[];
export function checkPorts(ports: NeededPort[]): Promise<Lack[]>;
export function findOnPath(name: string, pathEnv: string | undefined): boolean;
export function checkCommands(options: {
  commands: [name: 'npm' | 'npx' | 'git', stages: string[]][];
  pathEnv: string | undefined;
  root: string;
}): Lack[];
export function mainSuiteDistDir(env: Env): string;
export function checkBuild(options: { root: string; distDir: string; reuseServer: boolean }): Lack[];
export function preflight(stages: string[], options?: { root?: string; env?: Env }): Promise<Lack[]>;
export function exitOnLacks(stages: string[], options?: { env?: Env }): Promise<void>;
