/** Operations: the work applied to each file (the SPI, the built-ins, the catalogue). */
package dev.conveyor.operation;
