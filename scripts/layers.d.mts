export declare const LAYERS: readonly { rank: string; why: string; folders: readonly string[] }[];
export declare const OUTSIDE_THE_RANKS: readonly string[];
export declare function rankOf(folder: string): number | undefined;
