/**
 * A list screen searched by a text, a page at a time from the server: the search box, the
 * number found, the table with its paging, and the loading, error and empty states. The search
 * and the page live in the address (`?q=&p=&ps=`), so coming back from a row's screen shows the
 * list as it was.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { useAsync } from '../lib/useAsync';
import { Button } from './Button';
import type { RowData } from '@tanstack/react-table';

import { DataTable, type DataColumn } from './DataTable';
import filters from './Filters.module.css';
import { EmptyState, ErrorState, Loading } from './States';

const PAGE_SIZES = [24, 50, 100] as const;

interface ListView {
  query: string;
  page: number;
  pageSize: number;
}

function readView(params: URLSearchParams): ListView {
  const page = Number(params.get('p'));
  const pageSize = Number(params.get('ps'));
  return {
    query: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZES[0],
  };
}

function writeView(view: ListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query) params.set('q', view.query);
  if (view.page > 1) params.set('p', String(view.page));
  if (view.pageSize !== PAGE_SIZES[0]) params.set('ps', String(view.pageSize));
  return params;
}

/** The texts of a searched list, in the staff member's language. */
export interface SearchedListTexts {
  /** The search box's label. */
  search: string;
  /** The search button. */
  find: string;
  /** How many were found. */
  total: (count: number) => string;
  /** The table's name. */
  tableLabel: string;
  /** What an empty result says. */
  empty: ReactNode;
}

export interface SearchedListProps<Row extends RowData> {
  texts: SearchedListTexts;
  /** A page of the rows for the search. */
  load: (query: string, page: number, pageSize: number, signal: AbortSignal) => Promise<{ total: number; rows: Row[] }>;
  columns: DataColumn<Row>[];
  rowKey: (row: Row) => string;
}

export function SearchedList<Row extends RowData>({ texts, load, columns, rowKey }: SearchedListProps<Row>) {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [typed, setTyped] = useState(view.query);
  const list = useAsync((signal) => load(view.query, view.page, view.pageSize, signal), [view.query, view.page, view.pageSize]);
  const show = (next: Partial<ListView>) => setParams(writeView({ ...view, ...next }));
  const find = (event: FormEvent) => {
    event.preventDefault();
    show({ query: typed.trim(), page: 1 });
  };
  const state = list.state;
  const data = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : undefined;
  return (
    <>
      <form className={filters.search} role="search" onSubmit={find}>
        <label>
          {texts.search}
          <input type="search" value={typed} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <Button type="submit">{texts.find}</Button>
      </form>
      <p role="status">{data ? texts.total(data.total) : null}</p>
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={list.reload} />}
      {state.status === 'loading' && !data && <Loading />}
      {data && (
        <DataTable
          label={texts.tableLabel}
          columns={columns}
          rows={data.rows}
          rowKey={rowKey}
          paging={{ page: view.page, pageSize: view.pageSize, total: data.total }}
          onPageChange={(page, pageSize) => show({ page, pageSize })}
          pageSizes={PAGE_SIZES}
          busy={state.status === 'loading'}
          empty={<EmptyState>{texts.empty}</EmptyState>}
        />
      )}
    </>
  );
}
