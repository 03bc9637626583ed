/* commands.h - the tuner program's commands, one file each in this folder,
 * as in arena/cmd (its commands.h says how a command is made). */
#ifndef TUNER_CMD_COMMANDS_H
#define TUNER_CMD_COMMANDS_H

int report_command(int argc, char **argv);
int spsa_command(int argc, char **argv);
int texel_command(int argc, char **argv);

#endif
