import { VatPreview } from '../features/vat-preview/VatPreview';

/** The home page. */
export function HomeRoute() {
  return (
    <main>
      <VatPreview />
    </main>
  );
}
