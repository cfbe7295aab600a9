/** The end-to-end suite's server (see server.mjs). */
export declare const PORT: number;
export declare const serverCommand: string[];
export declare const healthUrl: string;
export interface ServerSettings {
  port?: number;
  dataDir?: string;
  limit?: number;
}
export declare function serverEnv(settings?: ServerSettings): Record<string, string>;
export declare function startServer(options?: ServerSettings & { timeoutMs?: number; label?: string }): {
  child: import('node:child_process').ChildProcess;
  ready: Promise<boolean>;
  stop: () => Promise<void>;
};
