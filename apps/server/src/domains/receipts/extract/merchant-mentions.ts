import type { ReceiptLine } from '../ocr/receipt-lines';
import { cleanMerchantName, letters, LOYALTY } from './merchant-name';

// The shop's name where a receipt prints it outside its header: thanking the customer, naming
// its app, in its web address.

// The shop thanking the customer by name, often where its header is only a logo, in the seven
// currencies' languages: "THANK YOU FOR SHOPPING AT WALGREENS", "Thank you for choosing …",
// "Vielen Dank für Ihren Einkauf bei …", "Merci de votre visite chez …", "Gracias por su compra
// en …", "Grazie per aver acquistato da …", "Bedankt voor uw bezoek aan …"; "Thanks for shopping
// with us" names no shop.
const NAME_AFTER = `([\\p{L}][\\p{L}\\p{N}'’&.\\- ]{1,40})`;
const THANKS = [
  /\b(?:SHOPPING|SHOP|DINING|VISITING)\s+(?:AT|WITH)\s+/,
  /\bTHANK(?:S|\s+YOU)\s+FOR\s+(?:CHOOSING|VISITING)\s+/,
  /\b(?:EINKAUF|BESUCH)\s+(?:BEI|IM)\s+/,
  /\b(?:VISITE|ACHATS?)\s+(?:CHEZ|[AÀ])\s+|\bMERCI\s+D['’]\s?AVOIR\s+CHOISI\s+/,
  /\bGRACIAS\s+POR\s+(?:SU\s+)?(?:COMPRA|VISITA)\s+EN\s+|\bGRACIAS\s+POR\s+ELEGIR\s+/,
  /\bGRAZIE\s+PER\s+(?:AVER\s+)?(?:(?:ACQUISTATO|FATTO\s+LA\s+SPESA)\s+(?:DA|PRESSO)|SCELTO)\s+/,
  /\b(?:AANKOOP|BEZOEK|WINKELEN)\s+(?:BIJ|AAN)\s+/,
].map((words) => new RegExp(`(?:${words.source})${NAME_AFTER}`, 'iu'));
// The Japanese way round: the name comes first ("キャンドゥをご利用いただき", "…にご来店").
const THANKS_JA = /([\p{L}\p{N}・ー&]{2,20}?)(?:を|に)ご(?:利用|来店)/u;
// "… bei uns", "chez nous", "with us", "our store": no shop's name.
const NOT_A_SHOP =
  /^(BIENT[OÔ]T|TR[EÈ]S\s+BIENT[OÔ]T|LA\s+PROCHAINE|PRESTO|ARRIVEDERCI|PRONTO|US|UNS|OUR|THE\s+STORE|NOUS|NOSOTROS|NOSOTRAS|NOI|ONS|IHNEN|THIS\s+STORE|THIS|IHREM|UNSERE[MN]?)\b|^(当店|弊社|本日)/i;

// A kind of shop alone is no name: "Danke für Ihren Besuch im Markt".
const GENERIC_SHOP =
  /^(MARKT|STORE|SHOP|RESTAURANT|GESCH[ÄA]FT|FILIALE|MAGASIN|BOUTIQUE|TIENDA|NEGOZIO|PUNTO\s+VENDITA|WINKEL|WINKELS|SUPERMARKT|SUPERMARKET|SUPERMARCH[ÉE]|SUPERMERCADO|SUPERMERCATO)$/i;

export function nameInThanks(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    for (const pattern of [...THANKS, THANKS_JA]) {
      const match = pattern.exec(line.text);
      const name = match?.[1]?.replace(/[!.,;:].*$/, '').trim();
      if (
        name &&
        letters(name) >= 2 &&
        !NOT_A_SHOP.test(name) &&
        !GENERIC_SHOP.test(name) &&
        !LOYALTY.test(name)
      ) {
        return cleanMerchantName(name);
      }
    }
  }
  return null;
}

// "Lade dir die Lidl Plus App herunter", "Get the Walgreens app": the brand before its app.
const APP = /(?:^|\s)(\p{Lu}[\p{L}'’&-]{2,20})\s+(?:[Pp][Ll][Uu][Ss]\s+)?(?:APP|App|app)\b/u;
// Words before "app" that are no brand, and programmes shared by many shops (PAYBACK).
const NOT_A_BRAND =
  /^(PLUS|DIE|DER|DAS|UNSERE[RN]?|THE|OUR|FREE|MOBILE|NEUE[NR]?|NEW|LA|LE|L['’]|NUESTRA|NOSTRA|ONZE|DE|GRATIS|KOSTENLOSE[NR]?|SHOPPING|REWARDS?|LOYALTY|PAYBACK|DEUTSCHLANDCARD|FLYBUYS|NECTAR|ONEPASS|PAYPAL|BANKING|WALLET)$/i;

export function nameInApp(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    const brand = APP.exec(line.text)?.[1];
    if (brand && !NOT_A_BRAND.test(brand) && letters(brand) >= 3) return brand;
  }
  return null;
}

// A web or e-mail address: "www.shopname.de", "info@shopname.fr", "SHOPNAME.COM".
const WEB_ADDRESS =
  /(?:^|[\s:/(@])(?:https?:\/\/)?(?:w{2,3}\.)?(?:[a-z0-9-]+\.)*?([a-z][a-z0-9-]{2,30})\.(?:com|de|fr|es|it|nl|be|at|ch|co\.uk|uk|jp|co\.jp|ca|com\.au|au|us|net|eu|shop|store)(?![a-z])/i;
// Domains that are not the shop's: mail providers, payment and loyalty services, tax offices and
// review sites, and words that only head the address ("info", "service").
const NOT_THE_SHOPS_DOMAIN = new Set(
  'gmail googlemail yahoo hotmail outlook live icloud aol gmx web t-online freenet orange wanadoo free libero virgilio paypal visa mastercard amex americanexpress stripe sumup adyen klarna square squareup worldpay payback deutschlandcard flybuys nectar onepass airmiles google apple facebook instagram twitter youtube tripadvisor yelp trustpilot bzst elster irs hmrc impots gouv gov agenziaentrate agenciatributaria nta ato cra-arc canada info service kontakt contact mail email'.split(
    ' ',
  ),
);

export function nameInAddress(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    const label = WEB_ADDRESS.exec(line.text)?.[1]?.toLowerCase();
    if (!label || NOT_THE_SHOPS_DOMAIN.has(label) || /\d/.test(label)) continue;
    if (/\.(gov|gouv|go\.jp|gob|gv\.at)\b/i.test(line.text)) continue;
    // Short brands are initials (CVS, OBI); longer ones are capitalised.
    return label.length <= 3 ? label.toUpperCase() : label[0]?.toUpperCase() + label.slice(1);
  }
  return null;
}
