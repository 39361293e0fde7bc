/**
 * A data table on TanStack Table (headless) whose sorting, filtering and paging happen on the
 * server: the table shows the rows it is given, and says which sort or page the staff member
 * asked for (`onSortChange`, `onPageChange`), so the screen asks the server again. Filters
 * are the screen's own form, passed as `toolbar`. Every control is a native button or select
 * (keyboard for free); a sorted column says so with `aria-sort`; the table scrolls sideways
 * inside a focusable region on a narrow screen.
 */
import {
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type PaginationState,
  type ReactTable,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { useTranslation } from '../i18n';
import { Button } from './Button';
import styles from './DataTable.module.css';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

export type DataTableFeatures = typeof features;
/**
 * A column: an accessor column (`accessorFn` or `accessorKey`) can be sorted, a display
 * column (`id` with `cell`) cannot; `header` is its text.
 */
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T>;

/** The sort the server is asked for: one column, ascending or descending. */
export interface SortState {
  id: string;
  desc: boolean;
}

/** The page shown (1 for the first), its size and the number of rows on every page together. */
export interface PageState {
  page: number;
  pageSize: number;
  total: number;
}

export interface DataTableProps<T extends RowData> {
  /** The table's name (its caption, read by screen readers). */
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  paging?: PageState;
  onPageChange?: (page: number, pageSize: number) => void;
  pageSizes?: readonly number[];
  /** A new page or sort is on its way: the rows shown are the last ones. */
  busy?: boolean;
  /** The filters above the table. */
  toolbar?: ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, sort, onSortChange, paging, onPageChange, busy = false, toolbar, empty } = props;
  const captionId = useId();
  const sorting: SortingState = sort ? [sort] : [];
  const pagination: PaginationState = paging ? { pageIndex: paging.page - 1, pageSize: paging.pageSize } : { pageIndex: 0, pageSize: Math.max(rows.length, 1) };
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row: T) => rowKey(row),
    state: { sorting, pagination },
    manualSorting: true,
    manualPagination: true,
    // A new page of rows is the server's answer to a page asked for: it never resets the page.
    autoResetPageIndex: false,
    enableSorting: Boolean(onSortChange),
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: paging?.total ?? rows.length,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next) onSortChange?.({ id: next.id, desc: next.desc });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      onPageChange?.(next.pageIndex + 1, next.pageSize);
    },
  });
  return (
    <div className={styles.wrapper}>
      {toolbar}
      {rows.length === 0 && !busy && empty ? (
        empty
      ) : (
        // A table wider than a phone scrolls inside this region, which takes the focus so that
        // a keyboard can scroll it too (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={styles.table} aria-busy={busy}>
            <caption id={captionId} className="visually-hidden">
              {label}
            </caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <HeaderCell key={header.id} header={header} />
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paging && onPageChange && <Pager table={table} pageSizes={props.pageSizes} />}
    </div>
  );
}

function headerText<T extends RowData>(header: Header<DataTableFeatures, T, unknown>): string {
  const text = header.column.columnDef.header;
  return typeof text === 'string' ? text : header.column.id;
}

function HeaderCell<T extends RowData>({ header }: { header: Header<DataTableFeatures, T, unknown> }) {
  const { t } = useTranslation();
  const column = header.column;
  const text = headerText(header);
  if (!column.getCanSort()) return <th scope="col">{text}</th>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  const state = sorted === 'asc' ? t('table.sortAscending') : sorted === 'desc' ? t('table.sortDescending') : null;
  return (
    <th scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className={styles.sort} onClick={column.getToggleSortingHandler()} title={t('table.sortBy', { column: text })}>
        {text}
        <Icon aria-hidden="true" size={16} />
        {state && <span className="visually-hidden">({state})</span>}
      </button>
    </th>
  );
}

const DEFAULT_PAGE_SIZES = [25, 50, 100];

/** Previous and next page, where the staff member is, and the page size: through the table's paging state. */
function Pager<T extends RowData>({
  table,
  pageSizes = DEFAULT_PAGE_SIZES,
}: {
  table: ReactTable<DataTableFeatures, T>;
  pageSizes?: readonly number[] | undefined;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  return (
    <nav className={styles.pager} aria-label={t('table.paging')}>
      <Button
        variant="secondary"
        size="small"
        icon={<ChevronLeft aria-hidden="true" size={18} />}
        disabled={!table.getCanPreviousPage()}
        onClick={() => table.previousPage()}
      >
        {t('table.previousPage')}
      </Button>
      <span role="status">{t('table.pageOf', { page: pageIndex + 1, pages: Math.max(1, table.getPageCount()) })}</span>
      <Button variant="secondary" size="small" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
        {t('table.nextPage')}
        <ChevronRight aria-hidden="true" size={18} />
      </Button>
      <span className={styles.pageSize}>
        <label htmlFor={sizeId}>{t('table.pageSize')}</label>
        <select id={sizeId} value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
