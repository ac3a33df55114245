package dev.conveyor.files;

/** Splitting file names, and the manual's numbering of names already taken (name_1.ext, name_2.ext...). */
public final class FileNames {

    private FileNames() {
    }

    /** The name without its last extension: {@code report.final.pdf} gives {@code report.final}. */
    public static String baseName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 ? fileName : fileName.substring(0, dot);
    }

    /** The last extension without its dot, or an empty string. */
    public static String extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 ? "" : fileName.substring(dot + 1);
    }

    /** The manual's numbering for a taken name: index 0 is the name itself, then base_1.ext, base_2.ext... */
    public static String indexed(String name, int index) {
        if (index == 0) {
            return name;
        }
        String base = baseName(name);
        String extension = extension(name);
        return extension.isEmpty() ? base + "_" + index : base + "_" + index + "." + extension;
    }

    /**
     * The manual's numbering for a taken folder name: the index goes at the end (name_1, name_2...),
     * since a dot in a folder's name starts no extension; a failure folder named after its source
     * {@code scan.pdf} becomes {@code scan.pdf_1}, keeping the source's name whole.
     */
    public static String indexedFolder(String name, int index) {
        return index == 0 ? name : name + "_" + index;
    }

    /**
     * True when {@code candidate} is {@code name} or one of its numbered forms ({@link #indexed}, or
     * {@link #indexedFolder} for a folder): {@code a_3.txt} for {@code a.txt}, {@code scan.pdf_2}
     * for a folder named {@code scan.pdf}.
     */
    public static boolean isIndexedForm(String candidate, String name, boolean folder) {
        if (candidate.equals(name)) {
            return true;
        }
        String extension = folder ? "" : extension(name);
        String prefix = (folder ? name : baseName(name)) + "_";
        String suffix = extension.isEmpty() ? "" : "." + extension;
        if (!candidate.startsWith(prefix) || !candidate.endsWith(suffix) || candidate.length() <= prefix.length() + suffix.length()) {
            return false;
        }
        String index = candidate.substring(prefix.length(), candidate.length() - suffix.length());
        return index.charAt(0) != '0' && index.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
