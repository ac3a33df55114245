package dev.conveyor.operation;

import java.io.IOException;
import java.io.InputStream;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Checks that a document is well-formed XML before it is transformed: the JDK's XSLT processor reports
 * parse errors without their line and column, which are what the author of a file needs to fix it.
 */
final class WellFormedXml {

    private WellFormedXml() {
    }

    /**
     * @throws IllegalArgumentException naming the file, line and column of the first error, external DTDs and
     *         entities included: they are refused, since a dropped file must not make Conveyor read other files
     */
    static void require(Document document) throws IOException {
        try (InputStream in = document.openToRead()) {
            parser().parse(in, new DefaultHandler());
        } catch (SAXParseException e) {
            throw new IllegalArgumentException("'" + document.name() + "' cannot be read as XML at line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + ": " + e.getMessage() + " Correct it and drop the job again.", e);
        } catch (SAXException e) {
            throw new IllegalArgumentException("'" + document.name() + "' cannot be read as XML: " + e.getMessage(), e);
        }
    }

    private static SAXParser parser() throws SAXException {
        try {
            SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            SAXParser parser = factory.newSAXParser();
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return parser;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser refuses a standard setting: " + e.getMessage(), e);
        }
    }
}
