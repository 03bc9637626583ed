/* commands.h - the arena program's commands, one file each in this folder.
 *
 * A command reads its options through opt.h, calls one library function
 * with a plain options struct, prints what went wrong, and returns the
 * exit status: 0, 1 (a failure: a file not written, out of memory), 2 (bad
 * input: options, files), 128 + N after signal N. argv[0] is the command's
 * name (`arena run t.ini` calls run_command with "run", "t.ini"). */
#ifndef ARENA_CMD_COMMANDS_H
#define ARENA_CMD_COMMANDS_H

int elo_command(int argc, char **argv);
int pgn_command(int argc, char **argv);
int players_command(int argc, char **argv);
int run_command(int argc, char **argv);

#endif
