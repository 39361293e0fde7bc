/** The engine check's public door: the VAT preview (the WASM engine and the server agree). */
export { VatPreview } from './VatPreview';
