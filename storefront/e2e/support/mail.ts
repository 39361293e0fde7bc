/** Reads the server's outbox (`.eml` files written by lettre's file transport). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, when the mail has one. */
  html?: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** One MIME entity: its headers and its decoded body, or its parts when it is multipart. */
interface Entity {
  header: (name: string) => string;
  body: string;
  parts: Entity[];
}

function parseEntity(raw: string): Entity {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const rawBody = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary && /^multipart\//i.test(header('Content-Type'))) {
    const parts = rawBody
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => parseEntity(part.replace(/^\r?\n/, '')));
    return { header, body: '', parts };
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : rawBody;
  return { header, body: body.trim(), parts: [] };
}

/** The first part (depth first) whose content type starts with `type`. */
function partOf(entity: Entity, type: string): Entity | undefined {
  if (entity.parts.length === 0) {
    const contentType = entity.header('Content-Type').toLowerCase() || 'text/plain';
    return contentType.startsWith(type) ? entity : undefined;
  }
  for (const part of entity.parts) {
    const found = partOf(part, type);
    if (found) return found;
  }
  return undefined;
}

export function parseMail(raw: string): Mail {
  const entity = parseEntity(raw);
  return {
    to: entity.header('To'),
    subject: entity.header('Subject'),
    body: partOf(entity, 'text/plain')?.body ?? '',
    html: partOf(entity, 'text/html')?.body,
  };
}

export function readOutbox(dir: string): Mail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseMail(readFileSync(join(dir, name), 'utf8')));
}

/** Waits for a mail to `address` whose body has a link with a token (mail is sent after the answer). */
export async function waitForMailLink(dir: string, address: string, timeoutMs = 15_000): Promise<{ mail: Mail; path: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of readOutbox(dir)) {
      if (!mail.to.toLowerCase().includes(address.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"<>]+token=[^\s"<>]+/.exec(mail.body)?.[0];
      if (link) {
        const url = new URL(link);
        return { mail, path: `${url.pathname}${url.search}` };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail with a link to ${address} within ${timeoutMs} ms`);
}
