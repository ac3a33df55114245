package dev.conveyor.operation;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/** Redrawing an image at a smaller width with good quality, and into a plain RGB or ARGB raster any writer takes. */
final class ImageScaling {

    private ImageScaling() {
    }

    /**
     * The image redrawn {@code width} pixels wide, keeping its proportions. Without {@code alpha}, transparent
     * parts become white rather than the black a format without alpha would show.
     */
    static BufferedImage toWidth(BufferedImage source, int width, boolean alpha) {
        int height = Math.max(1, (int) Math.round((double) source.getHeight() * width / source.getWidth()));
        BufferedImage image = source;
        // Interpolation samples only a few neighbours: one step from far larger skips pixels, and fine detail
        // turns into moiré. Halving with bilinear interpolation averages each 2 x 2 block exactly, so the
        // image is halved until a last step of at most a half.
        int stepWidth = source.getWidth();
        int stepHeight = source.getHeight();
        boolean last;
        do {
            last = stepWidth / 2 <= width;
            stepWidth = last ? width : stepWidth / 2;
            stepHeight = last ? height : Math.max(1, stepHeight / 2);
            image = redraw(image, stepWidth, stepHeight, alpha);
        } while (!last);
        return image;
    }

    private static BufferedImage redraw(BufferedImage source, int width, int height, boolean alpha) {
        BufferedImage target = new BufferedImage(width, height, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = target.createGraphics();
        try {
            if (!alpha) {
                graphics.setColor(Color.WHITE);
                graphics.fillRect(0, 0, width, height);
            }
            graphics.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            graphics.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            graphics.drawImage(source, 0, 0, width, height, null);
        } finally {
            graphics.dispose();
        }
        return target;
    }
}
