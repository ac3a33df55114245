package dev.conveyor.operation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The formats {@code image.convert} writes, by the name an endpoint gives; each name is also the file extension. */
enum ImageFormat {
    PNG(true),
    JPEG(false),
    JPG(false),
    GIF(true),
    BMP(false);

    private final boolean keepsAlpha;

    ImageFormat(boolean keepsAlpha) {
        this.keepsAlpha = keepsAlpha;
    }

    /**
     * @throws IllegalArgumentException listing the names allowed when {@code name} is none of them
     */
    static ImageFormat named(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(format -> format.extension().equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + name + "' is not an image format this operation writes; use one of "
                        + Arrays.stream(values()).map(ImageFormat::extension).collect(Collectors.joining(", "))));
    }

    /** The file extension, which is also a format name ImageIO's writers answer to. */
    String extension() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** False for formats whose ImageIO writer refuses, or misrenders, an alpha channel. */
    boolean keepsAlpha() {
        return keepsAlpha;
    }
}
