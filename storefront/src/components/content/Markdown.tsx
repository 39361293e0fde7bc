import type { ReactNode } from 'react';

/**
 * The small markdown subset of content bodies: `#`-headings, paragraphs, `-`/`*` lists and
 * blank lines. Rendered as React elements, never as HTML, so a body cannot inject markup.
 * `#` and `##` are h2 (the page title is the h1), `###` h3 and so on.
 */
export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{paragraph.join(' ')}</p>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, index) => (
            <li key={index}>{item}</li>
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
