/* commands.h - the arena program's commands, one file each in this folder.
 *
 * A command reads its options through opt.h, calls one library function
 * with a plain options struct, prints what went wrong, and returns the
 * exit status: 0, 1 (a failure: a file not written, out of memory), 2 (bad
 * input: options, files), 128 + N after signal N. argv[0] is the command's
 * name (`arena run t.ini` calls run_command with "run", "t.ini"). */
#ifndef ARENA_CMD_COMMANDS_H
#define ARENA_CMD_COMMANDS_H

int balance_command(int argc, char **argv);
int bench_command(int argc, char **argv);
int elo_command(int argc, char **argv);
int match_command(int argc, char **argv);
int openings_command(int argc, char **argv);
int pgn_command(int argc, char **argv);
int players_command(int argc, char **argv);
int report_command(int argc, char **argv);
int run_command(int argc, char **argv);
int sgf_command(int argc, char **argv);
int show_command(int argc, char **argv);
int solve_command(int argc, char **argv);

/* The names of --rule in the order of Rule (rules.h): the choices of an
 * OPT_CHOICE. */
extern const char *const commands_rules[];

#endif
