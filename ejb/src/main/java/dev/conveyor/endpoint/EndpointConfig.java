package dev.conveyor.endpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** An endpoint as it runs: its name, its absolute folder, and every setting with defaults laid under. */
public record EndpointConfig(String name, Path folder, SettingValues settings, EndpointState state) {

    public <T> T get(Setting<T> setting) {
        return settings.get(setting);
    }

    /**
     * The folders Conveyor writes for this endpoint: the watched folder (its stage and the relative
     * output folders lie in it) and the fixed part of each absolute output folder.
     */
    public List<Path> ownFolders() {
        List<Path> folders = new ArrayList<>(List.of(folder));
        Stream.concat(Stream.of(get(EndpointSettings.RESULT_FOLDER), get(EndpointSettings.PRESERVE_FOLDER),
                        get(EndpointSettings.FAILURE_FOLDER)), get(EndpointSettings.WAIT).map(wait -> wait.expiredFolder()).stream())
                .filter(template -> !template.isEmpty())
                .map(template -> FolderTemplate.of(template).fixedPart())
                .filter(Path::isAbsolute)
                .forEach(folders::add);
        return folders;
    }
}
