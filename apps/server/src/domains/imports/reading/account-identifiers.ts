import { normalizeAccountIdentifier, type ImportFormat } from '@moneta/shared';

/**
 * The statement's own account as the file names it: OFX's ACCTID of the account the statement
 * is FROM (not a transfer's BANKACCTTO inside a transaction), CAMT.053's statement account
 * (Stmt/Acct/Id: its IBAN, else its other id). Tags are matched with any namespace prefix; the
 * text is the whole file, already decoded. In file order, each once.
 */
const OFX_ACCOUNT = /<(?:BANK|CC)ACCTFROM>[\s\S]*?<ACCTID>\s*([^<\r\n]+)/gi;
const CAMT_ACCOUNT =
  /<(?:\w+:)?Acct>\s*<(?:\w+:)?Id>\s*(?:<(?:\w+:)?IBAN>([^<]+)<|<(?:\w+:)?Othr>\s*<(?:\w+:)?Id>([^<]+)<)/g;

export function fileAccountIdentifiers(format: ImportFormat, text: string): string[] {
  const pattern = format === 'ofx' ? OFX_ACCOUNT : format === 'camt053' ? CAMT_ACCOUNT : undefined;
  if (!pattern) return [];
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const identifier = normalizeAccountIdentifier((match[1] ?? match[2] ?? '').trim());
    if (identifier) found.add(identifier);
  }
  return [...found];
}
