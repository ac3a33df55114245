package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static dev.conveyor.operation.XmlTransformOperation.STYLESHEET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XmlTransformOperationTest {

    private static final String ITEMS = """
            <items>
              <item>pear</item>
              <item>apple</item>
            </items>
            """;

    @TempDir
    Path folder;

    private final XmlTransformOperation transform = new XmlTransformOperation();

    private Document file(String name, String content) throws IOException {
        return Document.of(Files.writeString(folder.resolve(name), content));
    }

    private Document run(String xml, String xslt) throws Exception {
        Map<String, Object> inputs = Map.of(INPUT, file("items.xml", xml), STYLESHEET, file("style.xsl", xslt));
        return (Document) transform.run(new OperationContext(inputs, folder.resolve("work"))).get(OUTPUT);
    }

    private static String stylesheet(String output, String templates) {
        return """
                <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
                %s
                %s
                </xsl:stylesheet>
                """.formatted(output, templates);
    }

    private static final String SORTED_LIST = """
            <xsl:template match="/items">
              <list><xsl:for-each select="item"><xsl:sort/><entry><xsl:value-of select="."/></entry></xsl:for-each></list>
            </xsl:template>
            """;

    @Test
    void writesAnXmlResultNamedAfterTheInput() throws Exception {
        Document result = run(ITEMS, stylesheet("<xsl:output method=\"xml\" omit-xml-declaration=\"yes\"/>", SORTED_LIST));

        assertEquals("items.xml", result.name());
        assertEquals("<list><entry>apple</entry><entry>pear</entry></list>", Files.readString(result.path()).strip());
    }

    @Test
    void anHtmlOutputMethodGivesAnHtmlFile() throws Exception {
        Document result = run(ITEMS, stylesheet("<xsl:output method=\"html\"/>", """
                <xsl:template match="/items">
                  <html><body><ul><xsl:for-each select="item"><li><xsl:value-of select="."/></li></xsl:for-each></ul></body></html>
                </xsl:template>
                """));

        assertEquals("items.html", result.name());
        String html = Files.readString(result.path());
        assertTrue(html.contains("<li>pear</li>") && html.contains("<li>apple</li>"), html);
    }

    @Test
    void aTextOutputMethodGivesATextFile() throws Exception {
        Document result = run(ITEMS, stylesheet("<xsl:output method=\"text\"/>", """
                <xsl:template match="/items"><xsl:for-each select="item"><xsl:value-of select="."/>;</xsl:for-each></xsl:template>
                """));

        assertEquals("items.txt", result.name());
        assertEquals("pear;apple;", Files.readString(result.path()));
    }

    @Test
    void reportsMalformedInputWithLineAndColumn() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run("<items>\n  <item>pear</items>\n", stylesheet("", SORTED_LIST)));

        assertTrue(error.getMessage().startsWith("'items.xml' cannot be read as XML at line 2, column "), error.getMessage());
    }

    @Test
    void reportsAMalformedStylesheetWithLineAndColumn() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run(ITEMS, stylesheet("", "<xsl:template match=\"/\">\n<out>")));

        assertTrue(error.getMessage().startsWith("'style.xsl' cannot be read as XML at line "), error.getMessage());
    }

    @Test
    void reportsAStylesheetThatDoesNotCompileWithItsLine() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run(ITEMS, stylesheet("", "<xsl:template match=\"/\">\n<xsl:value-of select=\"///\"/>\n</xsl:template>")));

        assertTrue(error.getMessage().startsWith("the stylesheet 'style.xsl' does not compile: "), error.getMessage());
        assertTrue(error.getMessage().contains("line 4"), error.getMessage());
    }

    @Test
    void refusesAnInputThatReadsAnotherFileThroughAnExternalEntity() throws Exception {
        Path secret = Files.writeString(folder.resolve("secret.txt"), "TOP-SECRET");
        String xml = "<!DOCTYPE items [<!ENTITY leak SYSTEM \"" + secret.toUri() + "\">]>\n<items><item>&leak;</item></items>";

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(xml, stylesheet("", SORTED_LIST)));

        assertTrue(error.getMessage().startsWith("'items.xml' cannot be read as XML at line 2, column "), error.getMessage());
        assertTrue(error.getMessage().contains("accessExternalDTD"), error.getMessage());
    }

    @Test
    void refusesAStylesheetThatReadsAnotherFile() throws Exception {
        Path secret = Files.writeString(folder.resolve("secret.xml"), "<secret>TOP-SECRET</secret>");
        String leak = "<xsl:template match=\"/\"><out><xsl:value-of select=\"document('" + secret.toUri() + "')\"/></out></xsl:template>";

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(ITEMS, stylesheet("", leak)));

        assertTrue(error.getMessage().startsWith("'items.xml' could not be transformed with 'style.xsl': "), error.getMessage());
        assertFalse(error.getMessage().contains("TOP-SECRET"), error.getMessage());
    }

    @Test
    void refusesAStylesheetThatIncludesAnother() throws Exception {
        Path other = Files.writeString(folder.resolve("other.xsl"), stylesheet("", SORTED_LIST));
        String include = "<xsl:include href=\"" + other.toUri() + "\"/>";

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(ITEMS, stylesheet("", include)));

        assertTrue(error.getMessage().startsWith("the stylesheet 'style.xsl' does not compile: "), error.getMessage());
        assertTrue(error.getMessage().contains("accessExternalStylesheet"), error.getMessage());
    }
}
