/** The end-to-end suite's server (see server.mjs). */
export declare const PORT: number;
export declare const serverCommand: string[];
export declare const healthUrl: string;
export declare function serverEnv(): Record<string, string>;
export declare function startServer(options?: { timeoutMs?: number }): {
  ready: Promise<boolean>;
  stop: () => Promise<void>;
};
