export declare function manifestPathOf(outDir: string): string;
