package dev.conveyor.operation;

import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/** Re-encodes an image in another format, optionally scaled down to a maximum width. */
@ApplicationScoped
public class ImageConvertOperation implements Operation {

    static final String FORMAT = "format";
    static final String MAX_WIDTH = "maxWidth";

    /** Refused before decoding: a small compressed file can declare a raster of gigabytes (about 200 MB per copy here). */
    static final long MAX_PIXELS = 50_000_000L;

    @Override
    public String name() {
        return "image.convert";
    }

    @Override
    public String description() {
        return "Converts a PNG, JPEG, GIF or BMP image to another of these formats, optionally scaled down to a maximum width.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(
                Parameter.required(INPUT, ParameterType.DOCUMENT, "the image to convert"),
                Parameter.optional(FORMAT, ParameterType.STRING, "png", "the format to write: png, jpeg, jpg, gif or bmp"),
                Parameter.optional(MAX_WIDTH, ParameterType.INT, "0",
                        "the widest the result may be, in pixels; a wider image is scaled down keeping its proportions (0: keep the size)"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the image, named <name>.<format>"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        ImageFormat format = ImageFormat.named(context.string(FORMAT));
        int maxWidth = context.intValue(MAX_WIDTH);
        if (maxWidth < 0) {
            throw new IllegalArgumentException("maxWidth is " + maxWidth + "; give 0 to keep the size or a positive number of pixels");
        }
        BufferedImage source = read(input);
        boolean alpha = format.keepsAlpha() && source.getColorModel().hasAlpha();
        int width = maxWidth > 0 && source.getWidth() > maxWidth ? maxWidth : source.getWidth();
        BufferedImage result = ImageScaling.toWidth(source, width, alpha);
        Document output = context.newDocument(FileNames.baseName(input.name()) + "." + format.extension());
        if (!ImageIO.write(result, format.extension(), output.path().toFile())) {
            throw new IllegalStateException("this Java runtime has no " + format.extension() + " image writer; choose another format");
        }
        return Map.of(OUTPUT, output);
    }

    private static BufferedImage read(Document input) throws IOException {
        try (ImageInputStream stream = ImageIO.createImageInputStream(input.path().toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(stream);
            if (!readers.hasNext()) {
                throw new IllegalArgumentException("'" + input.name() + "' is not an image this operation reads; give a PNG, JPEG, GIF or BMP file");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(stream, true, true);
                long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
                if (pixels > MAX_PIXELS) {
                    throw new IllegalArgumentException("'" + input.name() + "' is " + reader.getWidth(0) + " x " + reader.getHeight(0)
                            + " pixels, more than the " + MAX_PIXELS + " this operation decodes; scale it down before dropping it");
                }
                return reader.read(0);
            } catch (IOException e) {
                throw new IllegalArgumentException("'" + input.name() + "' could not be decoded as an image (" + e.getMessage()
                        + "); check that the file is complete and not damaged", e);
            } finally {
                reader.dispose();
            }
        }
    }
}
