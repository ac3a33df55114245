package dev.conveyor.stack;

import dev.conveyor.web.testing.ApiClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** A black-box test class on the run's one stack ({@link SharedStack}), with its admin API at hand. */
@ExtendWith(SharedStack.class)
abstract class OnSharedStack {

    static Stack stack;
    static ApiClient api;

    @BeforeAll
    static void connect() {
        stack = SharedStack.stack();
        api = stack.api();
    }
}
