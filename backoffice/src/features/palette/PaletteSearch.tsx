/** The palette's search box and result list (a combobox with a listbox). */
import { Box, FlaskConical, Package, ShoppingCart, UserRound } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';

import { search } from '../../api/backoffice';
import type { SearchResult, SearchResultKind } from '../../api/contract';
import { ErrorState } from '../../components/States';
import { useTranslation } from '../../i18n';
import styles from './Palette.module.css';

/** Typing pauses this long before the server is asked: one request per word, not per key. */
export const SEARCH_DELAY_MS = 200;

const ICONS: Record<SearchResultKind, typeof Box> = { order: ShoppingCart, customer: UserRound, product: Package, sample: FlaskConical };

type Answer = { term: string; results: SearchResult[] } | { term: string; error: unknown };

function useSearch(term: string): Answer | null {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    const q = term.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(q, controller.signal).then(
        (found) => setAnswer({ term, results: found.results }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ term, error });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return term.trim() && answer?.term === term ? answer : null;
}

export function PaletteSearch({ onChoose }: { onChoose: (path: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const answer = useSearch(term);
  const results = answer && 'results' in answer ? answer.results : [];
  const chosen = results[Math.min(active, results.length - 1)];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step && results.length > 0) {
      event.preventDefault();
      setActive((current) => (Math.min(current, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      onChoose(chosen.path);
    }
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('palette.label')}
      </label>
      <input
        id={`${id}-input`}
        className={styles.input}
        type="search"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={chosen ? optionId(results.indexOf(chosen)) : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={t('palette.label')}
        autoComplete="off"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('palette.hint')}
      </p>
      <p role="status" className="visually-hidden">
        {answer && 'results' in answer
          ? results.length > 0
            ? t('palette.results', { count: results.length })
            : t('palette.noResults', { term: term.trim() })
          : null}
      </p>
      {answer && 'error' in answer && <ErrorState error={answer.error} />}
      {answer && 'results' in answer && results.length === 0 && <p>{t('palette.noResults', { term: term.trim() })}</p>}
      <ul id={`${id}-list`} role="listbox" aria-label={t('palette.title')} className={styles.list}>
        {results.map((result, index) => (
          <ResultOption key={`${result.kind}-${result.id}`} id={optionId(index)} result={result} selected={result === chosen} onChoose={onChoose} />
        ))}
      </ul>
    </>
  );
}

function ResultOption({ id, result, selected, onChoose }: { id: string; result: SearchResult; selected: boolean; onChoose: (path: string) => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[result.kind];
  return (
    // The box keeps the focus (combobox): an option is chosen with the arrow keys and Enter there, or clicked.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li id={id} role="option" aria-selected={selected} className={styles.option} onClick={() => onChoose(result.path)}>
      <Icon className={styles.icon} aria-hidden="true" size={20} />
      <span className={styles.title}>
        <span className="visually-hidden">{t(`palette.kinds.${result.kind}`)}: </span>
        {result.title}
      </span>
      <span className={styles.subtitle}>
        {t(`palette.kinds.${result.kind}`)} · {result.subtitle}
      </span>
    </li>
  );
}
