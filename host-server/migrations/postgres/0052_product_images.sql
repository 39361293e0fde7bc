-- The product's further pictures for its gallery, in the order shown after the main image
-- (the variant's own image, else the product's).
CREATE TABLE product_images (
    product_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    image TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);
