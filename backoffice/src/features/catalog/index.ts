/** The catalog: products found by name, key, article number or EAN, and one product's texts, prices and stock. */
export { CatalogPage } from './CatalogPage';
export { ProductPage } from './ProductPage';
