/**
 * A product's pictures: the one picture as it is, several as a carousel that shows one at a
 * time (buttons, a swipe, the position announced), each named by its place among them.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Carousel } from '../../components/ui/Carousel';
import { ProductImage } from '../../components/ui/ProductImage';

/** The largest size a picture is shown at on the product page, in CSS pixels. */
const PICTURE_SIZE = 600;

export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useTranslation();
  if (images.length <= 1) {
    return <ProductImage image={images[0]} alt={name} size={PICTURE_SIZE} loading="first" />;
  }
  return (
    <Carousel label={t('product.gallery', { name })} layout="single" testId="product-gallery">
      {images.map((image, index) => (
        <li key={image}>
          <ProductImage
            image={image}
            alt={t('product.picture', { name, position: index + 1, count: images.length })}
            size={PICTURE_SIZE}
            loading={index === 0 ? 'first' : 'lazy'}
          />
        </li>
      ))}
    </Carousel>
  );
}
