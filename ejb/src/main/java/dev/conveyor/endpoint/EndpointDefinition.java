package dev.conveyor.endpoint;

/**
 * An endpoint's settings as an administrator gives them: any field may be null, meaning "not
 * given". {@link #withDefaults()} fills what is missing; {@link #over(EndpointDefinition)} lays a
 * partial change over the current settings.
 */
public record EndpointDefinition(
        String name,
        String path,
        String operationName,
        Boolean asynchronous,
        Integer repeatInterval,
        Integer batchSize,
        String includeFilePattern,
        String resultFolder,
        String preserveFolder,
        String failureFolder) {

    /** The manual's defaults. */
    public static final EndpointDefinition DEFAULTS = new EndpointDefinition(
            null, null, null, true, 5, 2, "*", "result/%Y/%M/%D/", "preserve/%Y/%M/%D/", "failure/%Y/%M/%D/");

    public EndpointDefinition withDefaults() {
        return over(DEFAULTS);
    }

    /** This definition's fields where given, else the base's. */
    public EndpointDefinition over(EndpointDefinition base) {
        return new EndpointDefinition(
                pick(name, base.name),
                pick(path, base.path),
                pick(operationName, base.operationName),
                pick(asynchronous, base.asynchronous),
                pick(repeatInterval, base.repeatInterval),
                pick(batchSize, base.batchSize),
                pick(includeFilePattern, base.includeFilePattern),
                pick(resultFolder, base.resultFolder),
                pick(preserveFolder, base.preserveFolder),
                pick(failureFolder, base.failureFolder));
    }

    private static <T> T pick(T given, T fallback) {
        return given != null ? given : fallback;
    }
}
