/** A message as the code has it (Lingui's extractor). */
export interface MessageInCode {
  message?: string;
  comments?: string[];
}

/** A message as a PO catalog has it (Lingui's reader). */
export interface MessageInCatalog {
  message?: string;
  translation?: string;
  comments?: string[];
  obsolete?: boolean;
}

export declare function pseudoLocalize(message: string): string;

export declare function catalogProblems(input: {
  extracted: Record<string, Record<string, MessageInCode>>;
  catalogs: Record<string, Record<string, Record<string, MessageInCatalog>>>;
  locales: readonly string[];
  sourceLocale: string;
}): string[];
