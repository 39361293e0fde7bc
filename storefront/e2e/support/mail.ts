/** Reads the server's outbox (`.eml` files written by lettre's file transport). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  body: string;
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

export function parseMail(raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : rawBody;
  return { to: header('To'), subject: header('Subject'), body };
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
