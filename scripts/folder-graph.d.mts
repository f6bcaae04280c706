export type FolderGraph = Map<string, Map<string, string>>;
export declare function folderOf(file: string): string;
export declare function specifiersOf(text: string, fileName: string): string[];
export declare function folderGraph(root?: string): FolderGraph;
export declare function cyclesOf(graph: FolderGraph): string[][];
export declare function rankBreaches(graph: FolderGraph): {
  breaches: { from: string; to: string; file: string; why: string }[];
  unranked: string[];
};
