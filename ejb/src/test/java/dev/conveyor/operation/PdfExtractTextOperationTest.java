package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfExtractTextOperationTest {

    @TempDir
    Path folder;

    private final PdfExtractTextOperation extract = new PdfExtractTextOperation();

    private Document run(Document input) throws Exception {
        return (Document) extract.run(new OperationContext(Map.of(INPUT, input), folder.resolve("work"))).get(OUTPUT);
    }

    @Test
    void writesTheTextOfEveryPageInOrderAsUtf8() throws Exception {
        Document letter = TestPdfs.write(folder.resolve("letter.pdf"), "Dear reader, Grüße aus Köln", "Yours sincerely");

        Document text = run(letter);

        assertEquals("letter.txt", text.name());
        String content = Files.readString(text.path(), StandardCharsets.UTF_8);
        int greeting = content.indexOf("Dear reader, Grüße aus Köln");
        int closing = content.indexOf("Yours sincerely");
        assertTrue(greeting >= 0 && closing > greeting, content);
    }

    @Test
    void refusesAFileThatIsNotAPdf() throws Exception {
        Path text = Files.writeString(folder.resolve("letter.pdf"), "plain text in disguise");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(Document.of(text)));

        assertTrue(error.getMessage().startsWith("'letter.pdf' is not a PDF"), error.getMessage());
    }
}
