/** Files: confinement to the allowed roots, durable writes, and the splitting and numbering of names. */
package dev.conveyor.files;
