// Stand-in for the peer's generated Android resource class R (our own code and texts).
// Only R.string is used by the engine classes compiled here. The texts are short machine-
// readable narration: the driver (Driver.java) reads events such as "forced seat2 4",
// "ejected seat3" and "exposed seat4" from the peer's own messages (Game.promptUser).
// Seats are named seat1..seat4 in the peer's seat order (SOUTH, WEST, NORTH, EAST).
package com.smorgasbork.hotdeath;

public final class R {
    private R() {
    }

    public static final class string {
        private string() {
        }

        public static final int cardcolor_blue = 0;
        public static final int cardcolor_green = 1;
        public static final int cardcolor_red = 2;
        public static final int cardcolor_yellow = 3;
        public static final int cardname_blue_0_fuck_you = 4;
        public static final int cardname_blue_0_fuck_you_ff = 5;
        public static final int cardname_blue_2_shield = 6;
        public static final int cardname_green_0_quitter = 7;
        public static final int cardname_green_3_aids = 8;
        public static final int cardname_green_3_aids_ff = 9;
        public static final int cardname_green_4_irish = 10;
        public static final int cardname_red_0_hd = 11;
        public static final int cardname_red_2_glasnost = 12;
        public static final int cardname_red_5_magic = 13;
        public static final int cardname_wild_db = 14;
        public static final int cardname_wild_hd = 15;
        public static final int cardname_wild_hos = 16;
        public static final int cardname_wild_mystery = 17;
        public static final int cardname_yellow_0_shitter = 18;
        public static final int cardname_yellow_0_shitter_ff = 19;
        public static final int cardname_yellow_1_mad = 20;
        public static final int cardname_yellow_69 = 21;
        public static final int cardval_d = 22;
        public static final int cardval_d_spread = 23;
        public static final int cardval_r = 24;
        public static final int cardval_r_skip = 25;
        public static final int cardval_s = 26;
        public static final int cardval_s_double = 27;
        public static final int cardval_wild = 28;
        public static final int cardval_wild_drawfour = 29;
        public static final int direction_clockwise = 30;
        public static final int direction_counterclockwise = 31;
        public static final int msg_all_bastard_cards = 32;
        public static final int msg_color_chosen = 33;
        public static final int msg_dealing = 34;
        public static final int msg_declare_round_winner = 35;
        public static final int msg_discard_empty = 36;
        public static final int msg_has_blue_shield = 37;
        public static final int msg_holy_defender = 38;
        public static final int msg_luck_of_irish = 39;
        public static final int msg_magic_5 = 40;
        public static final int msg_penalty_first_drawfour = 41;
        public static final int msg_penalty_first_wild_db = 42;
        public static final int msg_penalty_first_wild_hd = 43;
        public static final int msg_penalty_first_wild_hos = 44;
        public static final int msg_penalty_first_wild_mystery = 45;
        public static final int msg_penalty_null_wild_mystery = 46;
        public static final int msg_penalty_stacked_drawfour = 47;
        public static final int msg_penalty_stacked_wild_db = 48;
        public static final int msg_penalty_stacked_wild_hd = 49;
        public static final int msg_penalty_stacked_wild_hos = 50;
        public static final int msg_penalty_stacked_wild_mystery = 51;
        public static final int msg_player_drawing = 52;
        public static final int msg_player_draws_card = 53;
        public static final int msg_player_draws_specific_card = 54;
        public static final int msg_player_ejected = 55;
        public static final int msg_player_faceup = 56;
        public static final int msg_prompt_draw = 57;
        public static final int msg_sending_penalty = 58;
        public static final int msg_sharing_penalty = 59;
        public static final int msg_shuffling_discard = 60;
        public static final int msg_shuffling_discard_1 = 61;
        public static final int msg_tap_draw_pile = 62;
        public static final int msg_you_have_defender = 63;
        public static final int msg_you_have_defenders = 64;
        public static final int msg_your_play = 65;
        public static final int seat_east = 66;
        public static final int seat_north = 67;
        public static final int seat_south = 68;
        public static final int seat_west = 69;
    }

    private static final String[] TEXT = {
        "blue",  // cardcolor_blue
        "green",  // cardcolor_green
        "red",  // cardcolor_red
        "yellow",  // cardcolor_yellow
        "fucker",  // cardname_blue_0_fuck_you
        "fucker",  // cardname_blue_0_fuck_you_ff
        "penn_state",  // cardname_blue_2_shield
        "quitter",  // cardname_green_0_quitter
        "aids",  // cardname_green_3_aids
        "aids",  // cardname_green_3_aids_ff
        "luck",  // cardname_green_4_irish
        "holy_defender",  // cardname_red_0_hd
        "glasnost",  // cardname_red_2_glasnost
        "magic5",  // cardname_red_5_magic
        "delay_blast",  // cardname_wild_db
        "eat_hot_death",  // cardname_wild_hd
        "harvester",  // cardname_wild_hos
        "mystery_draw",  // cardname_wild_mystery
        "shitter",  // cardname_yellow_0_shitter
        "shitter",  // cardname_yellow_0_shitter_ff
        "mad",  // cardname_yellow_1_mad
        "69",  // cardname_yellow_69
        "draw2",  // cardval_d
        "spreader",  // cardval_d_spread
        "reverse",  // cardval_r
        "reverse_skip",  // cardval_r_skip
        "skip",  // cardval_s
        "double_skip",  // cardval_s_double
        "wild",  // cardval_wild
        "draw4",  // cardval_wild_drawfour
        "clockwise",  // direction_clockwise
        "counterclockwise",  // direction_counterclockwise
        "%s holds all four bastard cards",  // msg_all_bastard_cards
        "%s names %s",  // msg_color_chosen
        "%s deals %s cards each",  // msg_dealing
        "%s wins the hand",  // msg_declare_round_winner
        "no card left to draw",  // msg_discard_empty
        "%s holds up penn_state",  // msg_has_blue_shield
        "holy_defender passes the attack on to %s",  // msg_holy_defender
        "luck: one card less",  // msg_luck_of_irish
        "magic5 cancels the attack",  // msg_magic_5
        "%s: %s cards at %s",  // msg_penalty_first_drawfour
        "%s: %s cards at %s",  // msg_penalty_first_wild_db
        "%s: %s cards at %s",  // msg_penalty_first_wild_hd
        "%s: %s cards at %s",  // msg_penalty_first_wild_hos
        "%s: %s cards at %s",  // msg_penalty_first_wild_mystery
        "%s: mystery_draw on a non-number card draws nothing",  // msg_penalty_null_wild_mystery
        "%s stacks: %s cards at %s",  // msg_penalty_stacked_drawfour
        "%s stacks: %s cards at %s",  // msg_penalty_stacked_wild_db
        "%s stacks: %s cards at %s",  // msg_penalty_stacked_wild_hd
        "%s stacks: %s cards at %s",  // msg_penalty_stacked_wild_hos
        "%s stacks: %s cards at %s",  // msg_penalty_stacked_wild_mystery
        "forced %s %s",  // msg_player_drawing
        "%s draws",  // msg_player_draws_card
        "%s draws %s",  // msg_player_draws_specific_card
        "ejected %s",  // msg_player_ejected
        "exposed %s",  // msg_player_faceup
        "",  // msg_prompt_draw
        "fucker sends the attack back to %s",  // msg_sending_penalty
        "aids shares the attack with %s",  // msg_sharing_penalty
        "reshuffling %s discards",  // msg_shuffling_discard
        "reshuffling 1 discard",  // msg_shuffling_discard_1
        "",  // msg_tap_draw_pile
        "one defender in hand",  // msg_you_have_defender
        "%s defenders in hand",  // msg_you_have_defenders
        "",  // msg_your_play
        "seat4",  // seat_east
        "seat3",  // seat_north
        "seat1",  // seat_south
        "seat2",  // seat_west
    };

    public static String text(int resid) {
        return resid >= 0 && resid < TEXT.length ? TEXT[resid] : "";
    }
}
