package dev.conveyor.operation;

import static dev.conveyor.operation.ImageConvertOperation.FORMAT;
import static dev.conveyor.operation.ImageConvertOperation.MAX_WIDTH;
import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImageConvertOperationTest {

    @TempDir
    Path folder;

    /** The node's image memory in small: a test's images need at most a few MiB. */
    private final ImageMemory memory = new ImageMemory(16L << 20, Duration.ofMillis(200));
    private final ImageConvertOperation convert = new ImageConvertOperation(memory);

    private Document run(Document input, String format, int maxWidth) throws Exception {
        Map<String, Object> inputs = Map.of(INPUT, input, FORMAT, format, MAX_WIDTH, maxWidth);
        return (Document) convert.run(new OperationContext(inputs, folder.resolve("work"))).get(OUTPUT);
    }

    /** Left half transparent, right half opaque red. */
    private Document halfTransparentPng(String name, int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(Color.RED);
        graphics.fillRect(width / 2, 0, width - width / 2, height);
        graphics.dispose();
        return write(image, "png", name);
    }

    private Document write(BufferedImage image, String format, String name) throws IOException {
        Path file = folder.resolve(name);
        assertTrue(ImageIO.write(image, format, file.toFile()), "no writer for " + format);
        return Document.of(file);
    }

    private static String formatOf(Path file) throws IOException {
        try (ImageInputStream stream = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = ImageIO.getImageReaders(stream).next();
            return reader.getFormatName().toLowerCase(Locale.ROOT);
        }
    }

    @Test
    void jpegDropsAlphaAndPaintsTransparentPartsWhite() throws Exception {
        Document source = halfTransparentPng("logo.png", 64, 32);

        Document jpeg = run(source, "jpeg", 0);

        assertEquals("logo.jpeg", jpeg.name());
        assertEquals("jpeg", formatOf(jpeg.path()));
        BufferedImage result = ImageIO.read(jpeg.path().toFile());
        assertFalse(result.getColorModel().hasAlpha());
        assertEquals(64, result.getWidth());
        assertEquals(32, result.getHeight());
        assertNear(Color.WHITE, new Color(result.getRGB(8, 16)));
        assertNear(Color.RED, new Color(result.getRGB(56, 16)));
    }

    @Test
    void pngKeepsTransparency() throws Exception {
        Document source = halfTransparentPng("logo.png", 64, 32);

        Document png = run(source, "PNG", 0);

        assertEquals("logo.png", png.name());
        BufferedImage result = ImageIO.read(png.path().toFile());
        assertEquals(0, result.getRGB(8, 16) >>> 24, "the left half stays transparent");
        assertEquals(0xFFFF0000, result.getRGB(56, 16));
    }

    @ParameterizedTest(name = "{0} gives a {1} file named logo.{0}")
    @CsvSource({"png, png", "jpeg, jpeg", "jpg, jpeg", "gif, gif", "bmp, bmp"})
    void writesEachFormatUnderItsOwnExtension(String format, String readBackAs) throws Exception {
        Document source = halfTransparentPng("logo.png", 40, 20);

        Document result = run(source, format, 0);

        assertEquals("logo." + format, result.name());
        assertEquals(readBackAs, formatOf(result.path()));
        BufferedImage image = ImageIO.read(result.path().toFile());
        assertEquals(40, image.getWidth());
        assertEquals(20, image.getHeight());
    }

    @Test
    void readsJpegGifAndBmpSources() throws Exception {
        BufferedImage image = new BufferedImage(30, 10, BufferedImage.TYPE_INT_RGB);
        for (String format : new String[] {"jpeg", "gif", "bmp"}) {
            Document source = write(image, format, "photo." + format);

            Document png = run(source, "png", 0);

            assertEquals("png", formatOf(png.path()), "converted from " + format);
            assertEquals(30, ImageIO.read(png.path().toFile()).getWidth());
        }
    }

    @Test
    void scalesAWiderImageDownToMaxWidthKeepingItsProportions() throws Exception {
        Document source = halfTransparentPng("banner.png", 1000, 300);

        BufferedImage result = ImageIO.read(run(source, "png", 150).path().toFile());

        assertEquals(150, result.getWidth());
        assertEquals(45, result.getHeight());
    }

    @Test
    void aVeryWideStripKeepsAtLeastOnePixelOfHeight() throws Exception {
        Document source = halfTransparentPng("strip.png", 4000, 3);

        BufferedImage result = ImageIO.read(run(source, "png", 100).path().toFile());

        assertEquals(100, result.getWidth());
        assertEquals(1, result.getHeight());
    }

    @Test
    void keepsTheSizeOfAnImageNarrowerThanMaxWidth() throws Exception {
        Document source = halfTransparentPng("icon.png", 80, 60);

        BufferedImage result = ImageIO.read(run(source, "png", 200).path().toFile());

        assertEquals(80, result.getWidth());
        assertEquals(60, result.getHeight());
    }

    /** Sampling a few source pixels per result pixel would give stripes of black and white; averaging them gives grey. */
    @Test
    void scalingDownAveragesFineDetailInsteadOfAliasingIt() throws Exception {
        BufferedImage stripes = new BufferedImage(800, 100, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 800; x += 3) {
            for (int y = 0; y < 100; y++) {
                stripes.setRGB(x, y, 0xFFFFFF);
            }
        }
        Document source = write(stripes, "png", "stripes.png");

        BufferedImage result = ImageIO.read(run(source, "png", 100).path().toFile());

        int average = 255 / 3;
        for (int x = 2; x < 98; x++) {
            int grey = result.getRGB(x, 6) & 0xFF;
            assertTrue(Math.abs(grey - average) <= 30, "pixel " + x + " is " + grey + ", not about " + average);
        }
    }

    @Test
    void refusesAnUnknownFormatListingTheAllowedOnes() throws Exception {
        Document source = halfTransparentPng("logo.png", 4, 4);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(source, "tiff", 0));

        assertEquals("'tiff' is not an image format this operation writes; use one of png, jpeg, jpg, gif, bmp", error.getMessage());
    }

    @Test
    void refusesANegativeMaxWidth() throws Exception {
        Document source = halfTransparentPng("logo.png", 4, 4);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(source, "png", -5));

        assertTrue(error.getMessage().startsWith("maxWidth is -5"), error.getMessage());
    }

    @Test
    void refusesAFileThatIsNoImage() throws Exception {
        Path text = Files.writeString(folder.resolve("photo.png"), "not really a picture");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(Document.of(text), "jpeg", 0));

        assertTrue(error.getMessage().startsWith("'photo.png' is not an image this operation reads"), error.getMessage());
    }

    @Test
    void refusesADamagedImage() throws Exception {
        Path whole = halfTransparentPng("whole.png", 200, 200).path();
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(folder.resolve("cut.png"), Arrays.copyOf(bytes, bytes.length / 2));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(Document.of(cut), "jpeg", 0));

        assertTrue(error.getMessage().startsWith("'cut.png' could not be decoded as an image"), error.getMessage());
    }

    @Test
    void refusesToDecodeMorePixelsThanTheLimit() throws Exception {
        // One bit per pixel: the image is small in memory and on disk, yet over the limit.
        int width = 10_000;
        int height = (int) (ImageConvertOperation.MAX_PIXELS / width) + 1;
        Document huge = write(new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY), "png", "huge.png");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(huge, "png", 100));

        assertTrue(error.getMessage().startsWith("'huge.png' is " + width + " x " + height + " pixels"), error.getMessage());
    }

    private static void assertNear(Color expected, Color actual) {
        int distance = Math.abs(expected.getRed() - actual.getRed()) + Math.abs(expected.getGreen() - actual.getGreen())
                + Math.abs(expected.getBlue() - actual.getBlue());
        assertTrue(distance < 40, "expected about " + expected + " but was " + actual);
    }

    @Test
    void aConversionWaitsForImageMemoryOthersHoldAndFailsItsAttemptWhenTheyKeepIt() throws Exception {
        Document image = halfTransparentPng("busy.png", 200, 200);
        try (ImageMemory.Reservation others = memory.reserve("others.png", 16L << 20)) {
            IOException busy = assertThrows(IOException.class, () -> run(image, "png", 0));
            assertTrue(busy.getMessage().startsWith("'busy.png' needs 1 MiB of memory to convert, and this node's image memory "
                    + "(conveyor.image-memory, 16 MiB) stayed taken by other images for 0 s"), busy.getMessage());
        }

        assertEquals("png", formatOf(run(image, "png", 0).path()));
        try (ImageMemory.Reservation whole = memory.reserve("after.png", 16L << 20)) {
            assertNotNull(whole, "the conversion gave its memory back");
        }
    }

    @Test
    void anImageNeedingMoreThanTheWholeImageMemoryIsRefusedAtOnce() throws Exception {
        // 400 x 400 pixels, each one decoded int and one redrawn int: 1.25 MiB, against 1 MiB.
        Document image = halfTransparentPng("large.png", 400, 400);
        ImageConvertOperation small = new ImageConvertOperation(new ImageMemory(1L << 20, Duration.ofHours(1)));
        Map<String, Object> inputs = Map.of(INPUT, image, FORMAT, "png", MAX_WIDTH, 0);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> small.run(new OperationContext(inputs, folder.resolve("work"))));

        assertTrue(error.getMessage().startsWith("'large.png' needs 2 MiB of memory to convert, more than this node's image memory "
                + "of 1 MiB (conveyor.image-memory)"), error.getMessage());
    }
}
