import { VatPreview } from '../features/vat-preview';

/** The home page. */
export function HomeRoute() {
  return (
    <main>
      <VatPreview />
    </main>
  );
}
