/* texel.h - `tuner texel FILE.ini`. */
#ifndef TUNER_TEXEL_H
#define TUNER_TEXEL_H

int texel_main(int argc, char **argv);

#endif
