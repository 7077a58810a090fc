import { BUILT_IN_EXPENSE_CATEGORIES, type ReceiptMimeType } from '@moneta/shared';
import { z } from 'zod';
import { guessCategory } from '../extract/guess-category';
import type { FoundFields } from '../extract/receipt-reading';

export interface AiReaderOptions {
  /** Base URL of an OpenAI-compatible API (".../v1") or its full chat-completions URL. */
  url: string;
  model: string;
  key?: string;
  timeoutMs?: number;
}

const PROMPT = `You read shop receipts. Answer with one JSON object and nothing else:
{"merchant": string|null, "total": number, "date": "YYYY-MM-DD"|null, "category": string|null,
"currency": string|null}
merchant: the shop's name as printed at the top. total: the final amount paid, a number without
currency. date: the purchase date. category: one of ${BUILT_IN_EXPENSE_CATEGORIES.join(', ')}.
currency: the ISO 4217 code of the currency the receipt is printed in, null if it shows none.`;

const answerSchema = z.object({
  merchant: z.string().trim().min(1).max(200).nullable().optional(),
  total: z.coerce.number(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  category: z.string().nullable().optional(),
  currency: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .nullable()
    .optional(),
});

function chatUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Asks an OpenAI-compatible vision model (Ollama, vLLM, hosted APIs) for the receipt's fields,
 * to be checked by checkReading like the local extraction's. Returns null on any failure — HTTP
 * error, timeout, no JSON, JSON of the wrong shape — so the caller falls back to local OCR.
 */
export async function readWithAi(
  options: AiReaderOptions,
  image: Buffer,
  mimeType: ReceiptMimeType,
): Promise<FoundFields | null> {
  try {
    const response = await fetch(chatUrl(options.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: PROMPT },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Read this receipt.' },
              {
                type: 'image_url',
                image_url: { url: `data:${mimeType};base64,${image.toString('base64')}` },
              },
            ],
          },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      choices?: Array<{ message?: { content?: unknown } }>;
    };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    // Models sometimes wrap the object in a code fence despite the instructions.
    const json = content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1);
    const parsed = answerSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { merchant, total, date, category, currency } = parsed.data;
    const builtIn = BUILT_IN_EXPENSE_CATEGORIES.find(
      (c) => c.toLowerCase() === category?.toLowerCase(),
    );
    // The model states no confidence, so each field it found gets a fixed one.
    return {
      merchant: merchant ? { value: merchant, confidence: 0.8 } : null,
      total: { value: total, confidence: 0.85 },
      date: date ? { value: date, confidence: 0.8 } : null,
      category: { value: builtIn ?? guessCategory(merchant ?? null, []).value, confidence: 0.7 },
      currency: currency ?? null,
    };
  } catch {
    return null;
  }
}
