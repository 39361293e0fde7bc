import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to a page of the site, `[text](/path/)`. A body links within its own site only: any
 * other target (another host, `javascript:`) is no link and stays text as written.
 */
export const SITE_LINK = /\[([^\]\n]+)\]\((\/(?!\/)[^)\s]*)\)/g;

/** A line's text with its links to the site's pages as router links. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(SITE_LINK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={match[2]!}>
        {match[1]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * The small markdown subset of content bodies: `#`-headings, paragraphs, `-`/`*` lists, links
 * to the site's own pages and blank lines. Rendered as React elements, never as HTML, so a body
 * cannot inject markup. `#` and `##` are h2 (the page title is the h1), `###` h3 and so on.
 */
export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{inline(paragraph.join(' '))}</p>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, index) => (
            <li key={index}>{inline(item)}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    list = [];
  };
  for (const line of lines) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(6, Math.max(2, heading[1]!.length));
      const Tag = `h${level}` as 'h2';
      blocks.push(<Tag key={blocks.length}>{heading[2]}</Tag>);
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1]!);
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return <>{blocks}</>;
}
