package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** Re-encodes an image in another format, optionally scaled down to a maximum width. */
@ApplicationScoped
public class ImageConvertOperation implements Operation {

    static final String FORMAT = "format";
    static final String MAX_WIDTH = "maxWidth";

    /** Refused before decoding: a small compressed file can declare a raster of gigabytes (about 200 MB per copy here). */
    static final long MAX_PIXELS = 50_000_000L;
    /** The raster every conversion redraws the image into (ImageScaling): one int per pixel, at most at the full size. */
    private static final int REDRAWN_BYTES_PER_PIXEL = 4;
    /** When the reader cannot say how it stores a pixel before decoding: as one int, as most decoded images do. */
    private static final int UNKNOWN_BYTES_PER_PIXEL = 4;

    private final Supplier<ImageMemory> memory;

    public ImageConvertOperation() {
        this(ImageMemory::ofNode);
    }

    /** With a budget of its own, for a test. */
    ImageConvertOperation(ImageMemory memory) {
        this(() -> memory);
    }

    private ImageConvertOperation(Supplier<ImageMemory> memory) {
        this.memory = memory;
    }

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
        try (PinnedFile pinned = input.pin(); ImageInputStream stream = ImageIO.createImageInputStream(pinned.path().toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(stream);
            if (!readers.hasNext()) {
                throw new IllegalArgumentException("'" + input.name() + "' is not an image this operation reads; give a PNG, JPEG, GIF or BMP file");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(stream, true, true);
                long pixels = pixelsWithinTheLimit(reader, input);
                // Reserved before decoding, held until the result is written: the rasters live until then.
                try (ImageMemory.Reservation reserved = memory.get().reserve(input.name(),
                        pixels * (decodedBytesPerPixel(reader) + REDRAWN_BYTES_PER_PIXEL))) {
                    return Map.of(OUTPUT, convert(decode(reader, input), input, format, maxWidth, context));
                }
            } finally {
                reader.dispose();
            }
        }
    }

    private static Document convert(BufferedImage source, Document input, ImageFormat format, int maxWidth, OperationContext context)
            throws IOException {
        boolean alpha = format.keepsAlpha() && source.getColorModel().hasAlpha();
        int width = maxWidth > 0 && source.getWidth() > maxWidth ? maxWidth : source.getWidth();
        BufferedImage result = ImageScaling.toWidth(source, width, alpha);
        Document output = context.newDocument(FileNames.baseName(input.name()) + "." + format.extension());
        // Kept in memory while the writer may seek back, then written to a new file: never to one put in its place meanwhile.
        try (OutputStream out = output.openNew(); ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            if (!ImageIO.write(result, format.extension(), stream)) {
                throw new IllegalStateException("this Java runtime has no " + format.extension() + " image writer; choose another format");
            }
        }
        return output;
    }

    /** From the header alone, before anything is decoded. */
    private static long pixelsWithinTheLimit(ImageReader reader, Document input) {
        try {
            long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
            if (pixels > MAX_PIXELS) {
                throw new IllegalArgumentException("'" + input.name() + "' is " + reader.getWidth(0) + " x " + reader.getHeight(0)
                        + " pixels, more than the " + MAX_PIXELS + " this operation decodes; scale it down before dropping it");
            }
            return pixels;
        } catch (IOException e) {
            throw undecodable(input, e);
        }
    }

    /** What the decoded raster takes per pixel, as the reader says it stores one (16-bit channels take two bytes each). */
    private static int decodedBytesPerPixel(ImageReader reader) {
        try {
            ImageTypeSpecifier type = reader.getRawImageType(0);
            return type == null ? UNKNOWN_BYTES_PER_PIXEL : Math.max(1, (type.getColorModel().getPixelSize() + 7) / 8);
        } catch (IOException unreadable) {
            // The decode that follows fails on it too, saying why.
            return UNKNOWN_BYTES_PER_PIXEL;
        }
    }

    private static BufferedImage decode(ImageReader reader, Document input) {
        try {
            return reader.read(0);
        } catch (IOException e) {
            throw undecodable(input, e);
        }
    }

    private static IllegalArgumentException undecodable(Document input, IOException e) {
        return new IllegalArgumentException("'" + input.name() + "' could not be decoded as an image (" + e.getMessage()
                + "); check that the file is complete and not damaged", e);
    }
}
