import { toString } from 'qrcode';

/**
 * A QR code of `text` as an SVG data URL, drawn here in the browser: the two-factor secret it
 * carries is never sent to a QR service. Dark on white whatever the theme, as scanners expect.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
