-- The Deep Zoom pyramid of a picture once it is cut (decision 061): {"path": "rug/ab/<name>-zoom.dzi", "width": 6000,
-- "height": 4000, "tileSize": 256, "overlap": 1, "format": "jpeg"}. Its tiles' names follow from it
-- (<name>-zoom_files/<level>/<column>_<row>.jpeg), so the unused-media sweep removes them with the image. Null: none.
alter table media_images add column zoom jsonb;
