/* spsa.h - `tuner spsa FILE.ini`. */
#ifndef TUNER_SPSA_H
#define TUNER_SPSA_H

int spsa_main(int argc, char **argv);

#endif
