/** Flags for Debian's Chromium on these machines (see chromium-args.mjs). */
export declare const chromiumArgs: string[];
