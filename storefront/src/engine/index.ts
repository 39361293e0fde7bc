/**
 * The storefront's only door to the engine: the same Rust code the server runs, compiled to
 * WebAssembly. Every amount and rule the storefront shows comes through here; nothing is
 * re-computed in TypeScript.
 *
 * The functions are synchronous. There is one typed function per engine operation (plain
 * objects in and out, amounts as strings), and `runOperation` for any operation by name. Types
 * come from the engine itself (see ./types.ts).
 *
 * The module is off the browser's critical path: the server renderer records
 * every answer it rendered a page with (`recordAnswers`), the page carries them, and the
 * browser hydrates from them (`replayAnswers`) while the module loads after hydration. A call
 * the page did not record, before the module is there, suspends the rendering component until
 * it is (`use` of the loading promise); code outside rendering awaits `loadEngine()` first.
 */
import init, * as wasm from '@hoofbeat/engine-wasm';
import { use } from 'react';
import wasmUrl from '@hoofbeat/engine-wasm/engine_wasm_bg.wasm?url';

import type {
  AmountFormatRequest,
  AmountFormatResult,
  CalculatedCart,
  CartChoices,
  CartContext,
  CartInput,
  CartLimits,
  IntervalLimits,
  CartFacts,
  CheckoutGates,
  CheckoutState,
  PayableRequest,
  CompareAddRequest,
  CompareAddResult,
  AskedCulture,
  AskedCultureRequest,
  ComparePathRequest,
  ComparePathResult,
  CultureRequest,
  CultureResolution,
  CurrencyRequest,
  CurrencyResult,
  DateFormatRequest,
  DateFormatResult,
  DistanceFormatRequest,
  EngineErrorFields,
  FeedAdvice,
  FeedAdviceRequest,
  AddressForm,
  AddressFormRequest,
  FormDefinition,
  FormInput,
  FormRequest,
  FormResult,
  NamedFormInput,
  LineChangeRequest,
  LineChangeResult,
  Message,
  MessageKey,
  MessageText,
  OperationName,
  Operations,
  Paging,
  PagingRequest,
  PriceDisplay,
  PriceDisplayRequest,
  QuantityFormatRequest,
  ShippingMethodOption,
  TotalsAmounts,
  TotalsShown,
  SiloRequest,
  SiloResult,
  UrlRequest,
  UrlResult,
  VatSplit,
  VatSplitRequest,
} from './types';

export type * from './types';

/**
 * An error reported by the engine, with its stable code (e.g. `invalid_input`) and, when the
 * visitor is to be told, the key of the message to show (e.g. `feed.adviceUndetermined`).
 * `engine_failure` is not an engine answer but a crash of the WebAssembly module (a panic,
 * which the panic hook has printed to the console); the engine is built not to panic.
 */
export class EngineError extends Error {
  readonly code: string;
  readonly messageKey: MessageKey | null;

  constructor(code: string, message: string, messageKey: MessageKey | null = null) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.messageKey = messageKey;
  }
}

let loading: Promise<void> | undefined;
let loaded = false;

/**
 * Instantiates the engine at once from the module's bytes: the server renderer reads the
 * `.wasm` file once at start (storefront/server). The browser uses `loadEngine`.
 */
export function loadEngineFromBytes(bytes: BufferSource): void {
  if (loading) return;
  wasm.initSync({ module: bytes });
  loaded = true;
  loading = Promise.resolve();
}

/** Loads and instantiates the WebAssembly module; later calls share the first load. */
export function loadEngine(): Promise<void> {
  loading ??= init({ module_or_path: wasmUrl }).then(() => {
    loaded = true;
  });
  return loading;
}

/** True once the module answers (the replayed answers are no longer needed). */
export function engineLoaded(): boolean {
  return loaded;
}

/** The engine's answers of one server-rendered page, by operation and input (`answerKey`). */
export type EngineAnswers = Record<string, unknown>;

/** Where the server renderer keeps the running request's answers (entry-server.tsx), if anywhere. */
let recordingOf: () => Map<string, unknown> | undefined = () => undefined;
let replayed = new Map<string, unknown>();

/** Installs the server renderer's per-request recording of the engine's answers. */
export function recordAnswers(recording: () => Map<string, unknown> | undefined): void {
  recordingOf = recording;
}

/** The answers the server rendered this page with, for hydrating before the module is loaded (browser). */
export function replayAnswers(answers: EngineAnswers): void {
  replayed = new Map(Object.entries(answers));
}

function answerKey(operation: string, input: unknown): string {
  return `${operation} ${JSON.stringify(input) ?? 'null'}`;
}

/**
 * An engine answer: the module's once loaded (recorded when the server renders a page), else
 * the one the page was rendered with, else the component suspends until the module is loaded.
 */
function answer<Output>(operation: string, input: unknown, call: () => Output): Output {
  if (!loaded) {
    const key = answerKey(operation, input);
    if (replayed.has(key)) return replayed.get(key) as Output;
    // Only rendering reaches here before the module is loaded (code outside rendering awaits
    // `loadEngine()`): the component suspends until it is. `use` may be called conditionally
    // and from any function a component calls while rendering, which is the only caller here.
    // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
    use(loadEngine());
  }
  const output = guarded(call);
  recordingOf()?.set(answerKey(operation, input), output);
  return output;
}

function isEngineErrorFields(error: unknown): error is Error & EngineErrorFields {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (isEngineErrorFields(error)) return new EngineError(error.code, error.message, error.messageKey ?? null);
  return new EngineError('engine_failure', error instanceof Error ? error.message : String(error));
}

/** Calls the engine and turns whatever it throws into an `EngineError`. */
function guarded<Output>(call: () => Output): Output {
  try {
    return call();
  } catch (error) {
    throw toEngineError(error);
  }
}

/** Runs a named engine operation on a JSON-shaped input (the engine's one generic door). */
export function runOperation<Name extends OperationName>(operation: Name, input: Operations[Name]['input']): Operations[Name]['output'];
export function runOperation<Output>(operation: string, input: unknown): Output;
export function runOperation(operation: string, input: unknown): unknown {
  return answer(operation, input, () => JSON.parse(wasm.run(operation, JSON.stringify(input) ?? 'null')) as unknown);
}

/** Splits a VAT-inclusive amount into the amount excluding VAT and the VAT. (`vat.split`) */
export function splitVat(input: VatSplitRequest): VatSplit {
  return answer('splitVat', input, () => wasm.splitVat(input));
}

/** Calculates a cart: lines, promotions, shipping, payment costs, gift card, VAT. (`cart.calculate`) */
export function calculateCart(input: CartInput): CalculatedCart {
  return answer('calculateCart', input, () => wasm.calculateCart(input));
}

/**
 * Calculates versions of one cart: the context (the site's prices, the catalog, the promotions)
 * is read into the engine once, and each `calculate` is given only the visitor's choices. Each
 * answer is what `calculateCart` gives for the context and the choices together; less crosses
 * into WebAssembly per call. `free()` releases the engine's copy of the context.
 */
export class CartCalculator {
  readonly #inner: wasm.CartCalculator;

  constructor(context: CartContext) {
    this.#inner = guarded(() => new wasm.CartCalculator(context));
  }

  calculate(choices: CartChoices): CalculatedCart {
    return guarded(() => this.#inner.calculate(choices));
  }

  free(): void {
    this.#inner.free();
  }
}

/** The shipping methods the customer can choose, priced for this cart. (`cart.shippingMethods`) */
export function shippingMethods(input: CartInput): ShippingMethodOption[] {
  return answer('shippingMethods', input, () => wasm.shippingMethods(input));
}

/** The checkout state of a cart from its facts, as the server builds it when placing the order. (`checkout.stateOfCart`) */
export function checkoutStateOfCart(input: CartFacts): CheckoutState {
  return answer('checkoutStateOfCart', input, () => wasm.checkoutStateOfCart(input));
}

/** Which checkout steps the visitor may open, and why the others are closed. (`checkout.gates`) */
export function checkoutGates(input: CheckoutState): CheckoutGates {
  return answer('checkoutGates', input, () => wasm.checkoutGates(input));
}

/** Checks every field of a form against its rules. (`validation.validateForm`) */
export function validateForm(input: FormInput): FormResult {
  return answer('validateForm', input, () => wasm.validateForm(input));
}

/** A named form's fields with their rules, in the order shown. (`validation.formDefinition`) */
export function formDefinition(input: FormRequest): FormDefinition {
  return answer('formDefinition', input, () => wasm.formDefinition(input));
}

/** The address form for a country: its fields in the country's order, with their rules. (`validation.addressForm`) */
export function addressForm(input: AddressFormRequest): AddressForm {
  return answer('addressForm', input, () => wasm.addressForm(input));
}

/** Checks a named form's values with its definition. (`validation.validateNamedForm`) */
export function validateNamedForm(input: NamedFormInput): FormResult {
  return answer('validateNamedForm', input, () => wasm.validateNamedForm(input));
}

/** Which rows a summary of a cart's or an order's amounts shows. (`cart.totalsShown`) */
export function totalsShown(input: TotalsAmounts): TotalsShown {
  return answer('totalsShown', input, () => wasm.totalsShown(input));
}

/** The Dutch source text of a message, with its parameters filled in. (`validation.message`) */
export function messageText(input: Message): MessageText {
  return answer('messageText', input, () => wasm.messageText(input));
}

/** Adds a product to the comparison list, within its limit. (`compare.add`) */
export function addToComparison(input: CompareAddRequest): CompareAddResult {
  return answer('addToComparison', input, () => wasm.addToComparison(input));
}

/** The daily feed advice for a horse. (`feed.advice`) */
export function feedAdvice(input: FeedAdviceRequest): FeedAdvice {
  return answer('feedAdvice', input, () => wasm.feedAdvice(input));
}

/** Whether silo delivery may interest this yard. (`feed.siloInterest`) */
export function siloInterest(input: SiloRequest): SiloResult {
  return answer('siloInterest', input, () => wasm.siloInterest(input));
}

/** A euro amount as a site shows it: converted at the site's rate and indicative, or euro. (`locale.displayPrice`) */
export function displayPrice(input: PriceDisplayRequest): PriceDisplay {
  return answer('displayPrice', input, () => wasm.displayPrice(input));
}

/** The display currency of a site and whether its prices are indicative. (`locale.currency`) */
export function resolveCurrency(input: CurrencyRequest): CurrencyResult {
  return answer('resolveCurrency', input, () => wasm.resolveCurrency(input));
}

/** Formats an amount the way a culture writes numbers. (`locale.formatAmount`) */
export function formatAmount(input: AmountFormatRequest): AmountFormatResult {
  return answer('formatAmount', input, () => wasm.formatAmount(input));
}

/**
 * Formats a quantity (scoops, grams, a measured value) the way a culture writes numbers, with
 * the digits the quantity has and no trailing zeros: `1.5` is `1,5` in nl and de, `1.5` in en.
 * (`locale.formatQuantity`)
 */
export function formatQuantity(input: QuantityFormatRequest): AmountFormatResult {
  return answer('formatQuantity', input, () => wasm.formatQuantity(input));
}

/** Formats an ISO date as DD-MM-YYYY. (`locale.formatDate`) */
export function formatDate(input: DateFormatRequest): DateFormatResult {
  return answer('formatDate', input, () => wasm.formatDate(input));
}

/** The culture to show, and the one to fall back to for missing translations. (`locale.fallbackLanguage`) */
export function fallbackLanguage(input: CultureRequest): CultureResolution {
  return answer('fallbackLanguage', input, () => wasm.fallbackLanguage(input));
}

/** The canonical form of a URL. (`url.normalize`) */
export function normalizeUrl(input: UrlRequest): UrlResult {
  return answer('normalizeUrl', input, () => wasm.normalizeUrl(input));
}

/** The page and page size a URL asks for. (`url.readPaging`) */
export function readPaging(input: UrlRequest): Paging {
  return answer('readPaging', input, () => wasm.readPaging(input));
}

/** A URL with the page and page size set. (`url.paging`) */
export function withPaging(input: PagingRequest): UrlResult {
  return answer('withPaging', input, () => wasm.withPaging(input));
}

/** The path and link of a culture's comparison page. (`url.comparePath`) */
export function comparePath(input: ComparePathRequest): ComparePathResult {
  return answer('comparePath', input, () => wasm.comparePath(input));
}

/** The site's culture an address asks for with `?lang=`, if any. (`url.askedCulture`) */
export function askedCulture(input: AskedCultureRequest): AskedCulture {
  return answer('askedCulture', input, () => wasm.askedCulture(input));
}

/** The currency of a site, derived from its currency symbol. (`locale.currency`) */
export function currencyFor(currencySymbol: string | null | undefined): CurrencyResult {
  return resolveCurrency({ currencySymbol: currencySymbol ?? null });
}

/** Which culture to show: the requested one if the site offers it, else the fallback. (`locale.fallbackLanguage`) */
export function resolveCulture(request: Partial<CultureRequest>): CultureResolution {
  return fallbackLanguage({
    requested: request.requested ?? null,
    siteCultures: request.siteCultures ?? [],
    siteFallback: request.siteFallback ?? null,
  });
}

/** A distance in kilometres with two decimals, as the culture writes numbers, without the unit. (`geo.formatDistance`) */
export function formatDistance(input: DistanceFormatRequest): AmountFormatResult {
  return answer('formatDistance', input, () => wasm.formatDistance(input));
}

/** The visitor's choices after one change of a cart line, for the preview; null choices when it cannot be previewed. (`cart.applyLineChange`) */
export function applyLineChange(input: LineChangeRequest): LineChangeResult {
  return answer('applyLineChange', input, () => wasm.applyLineChange(input));
}

/** The visitor's choices with the discount code taken off, for the preview. (`cart.removeDiscountCode`) */
export function removeDiscountCode(input: CartInput): CartChoices {
  return answer('removeDiscountCode', input, () => wasm.removeDiscountCode(input));
}

/** Whether the customer can still pay an order: it awaits payment and something is left to pay. (`order.payable`) */
export function orderPayable(input: PayableRequest): boolean {
  return answer('orderPayable', input, () => wasm.orderPayable(input)).payable;
}

let limits: CartLimits | null = null;

/** The bounds of a cart: units per line, lines, which product types take sample names. (`cart.limits`) */
export function cartLimits(): CartLimits {
  return answer('cartLimits', null, () => (limits ??= wasm.cartLimits(null)));
}

let intervalLimits: IntervalLimits | null = null;

/** The delivery intervals a subscription may have, in weeks. (`subscription.intervalLimits`) */
export function subscriptionIntervalLimits(): IntervalLimits {
  return answer('subscriptionIntervalLimits', null, () => (intervalLimits ??= wasm.subscriptionIntervalLimits(null)));
}

/** Every message key the engine can report; translation catalogs must cover them all. (`messages.keys`) */
export function messageKeys(): MessageKey[] {
  return runOperation<{ keys: MessageKey[] }>('messages.keys', null).keys;
}
