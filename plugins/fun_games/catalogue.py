"""The catalogue of fun games: ready-made events from the Chinese event rules
(docs/sources.md), with their rules and defaults.

An event uses one with ``game = "sack_race"`` and may override any option in its
``rules`` table, or the format options in a ``[[events.X.stages]]`` table. Where a document
gives no number (heat size, zones, how many reach a final) the default is ours and
``docs/fun_games.md`` says so. Each timed or counted game declares the marks that are
plausible (``plausible_min``, ``plausible_max``): generous bounds that no school or company
team gets near — a sack race of under 3 s or over 5 minutes, more than 300 skips in a
minute (the world records of one-minute rope skipping and shuttlecock kicking are far below)
— so a slip of the keyboard is refused unless confirmed with ``podium perf --confirm``.
"""

from __future__ import annotations

from podium.api import N_, EntrantKind, GameTemplate, Label

INDIVIDUAL, PAIR, TEAM = EntrantKind.INDIVIDUAL, EntrantKind.PAIR, EntrantKind.TEAM
RANKED_HEATS = {"lanes": 5, "advance": "none"}
"""Heats ranked together by their marks, no final (school fun sports-day annex, (1) 2:
"每5队为一组…根据各队完成时间决出前三名")."""

GAMES: tuple[GameTemplate, ...] = (
    GameTemplate(
        "sack_race", Label("袋鼠跳（麻袋跳）", "Sack race"), INDIVIDUAL, "heats",
        Label("双腿套入麻袋、双手拉住袋口跳向终点；脱手须原地拉起才能继续，否则取消资格；躯干触及终点线垂直面停表。",
              "Both legs in the sack, hands holding its mouth; letting go without re-gripping on the spot disqualifies; "
              "timed to the torso crossing the finish line."),
        N_("fun sports-day rules, individual 5"), {"lanes": 5, "advance": "winners"}, {"measure": "time", "plausible_min": 3, "plausible_max": 300},
    ),
    GameTemplate(
        "three_legged_race", Label("二人三足", "Three-legged race"), PAIR, "heats",
        Label("一男一女，相邻两腿在踝关节和膝下捆牢，站立式起跑，两人躯干到达终点线后沿垂直面为到达。",
              "One man and one woman, inner legs tied at ankle and below the knee; both torsos must cross the line."),
        N_("fun-games contest rules, 1"), {"lanes": 5, "advance": "winners"}, {"measure": "time", "men": 1, "women": 1, "plausible_min": 3, "plausible_max": 300},
    ),
    GameTemplate(
        "three_person_four_leg", Label("三人四足", "Three-person four-leg race"), TEAM, "heats",
        Label("每组3人（至少1名女生），5组同时起跑，绕过50米处障碍物返回，用时最短的前三名为胜。",
              "Teams of 3 with at least one girl, 5 teams per heat, round the marker at 50 m and back; best three times win."),
        N_("school fun sports-day annex, (1) 3"), RANKED_HEATS, {"measure": "time", "min_size": 3, "max_size": 3, "min_women": 1, "plausible_min": 5, "plausible_max": 600},
    ),
    GameTemplate(
        "frog_jump_relay", Label("蛙跳接力", "Frog-jump relay"), TEAM, "heats",
        Label("4×15米接力，2男2女，在接力点用绳捆好小腿蛙跳到下一名队员处，先到者为胜。",
              "4 × 15 m, 2 men and 2 women; each ties the legs at the change-over and frog-jumps to the next runner."),
        N_("unit sports-day rules, (2) 1"), {"lanes": 5, "advance": "winners"},
        {"measure": "time", "min_size": 4, "max_size": 4, "men": 2, "women": 2, "legs": 4, "plausible_min": 5, "plausible_max": 900},
    ),
    GameTemplate(
        "fire_extinguisher_relay", Label("灭火接力", "Fire-extinguisher relay"), TEAM, "heats",
        Label("每队8人（4男4女）依次接力、不能重复参赛，2条跑道；连续两次抢跑取消资格；着装不正确或碰倒障碍物每次加3秒；器材掉地未拾起不计成绩。",
              "8 per team (4 men, 4 women) running in turn, nobody twice, 2 lanes; two false starts disqualify; +3 s per "
              "dress fault or obstacle hit; dropped gear not picked up is no result."),
        N_("fire-safety sports meet rules 2018, (1)"), {"lanes": 2, "advance": "none"},
        {"measure": "time", "min_size": 8, "max_size": 8, "men": 4, "women": 4, "legs": 8,
         "penalties": {"dress_fault": 3, "obstacle": 3}, "false_start_dq": 2, "plausible_min": 5, "plausible_max": 1800},
    ),
    GameTemplate(
        "ball_on_racket_relay", Label("托乒乓球接力", "Ball-on-racket relay"), TEAM, "heats",
        Label("每组5人（可男女混合），球放拍面中间不得用手扶，10米送到指定位置；球掉地须回起点重来，5人送完计时。",
              "5 per team, mixed allowed; the ball rides the racket unheld for 10 m; a drop sends the runner back to the start."),
        N_("table-tennis plan 5 §5(2)"), RANKED_HEATS, {"measure": "time", "min_size": 5, "max_size": 5, "legs": 5, "plausible_min": 5, "plausible_max": 900},
    ),
    GameTemplate(
        "chopstick_relay", Label("夹乒乓球接力", "Chopstick ball relay"), TEAM, "heats",
        Label("每队6人，用筷子在相距10米的两筐间夹球往返接力；球掉地须捡起回起点重夹；5分钟内未完成者淘汰。",
              "6 per team carry a ball with chopsticks between baskets 10 m apart; a drop restarts from the start; "
              "not finished in 5 minutes is eliminated (DNF)."),
        N_("table-tennis plan 5 §5(3)"), RANKED_HEATS, {"measure": "time", "min_size": 6, "max_size": 6, "legs": 6, "time_cap": 300, "plausible_min": 5, "plausible_max": 600},
    ),
    GameTemplate(
        "rope_skipping", Label("1分钟跳绳", "1-minute rope skipping"), INDIVIDUAL, "heats",
        Label("1分钟时间内计有效个数，多者名次列前。", "Valid skips in one minute; most ranks first."),
        N_("fun sports-day rules, individual 1"), {"lanes": 10, "advance": "none"}, {"measure": "count", "time_limit": 60, "plausible_max": 300},
    ),
    GameTemplate(
        "shuttlecock_kicking", Label("1分钟踢毽子", "1-minute shuttlecock kicking"), INDIVIDUAL, "heats",
        Label("1分钟内计有效个数；除手以外身体任意部位踢毽，毽子与身体接触一次计一个。",
              "Valid kicks in one minute with any part of the body but the hands; one touch counts one."),
        N_("fun sports-day rules, individual 4; school fun sports-day annex, (2) 1"), {"lanes": 5, "advance": "none"}, {"measure": "count", "time_limit": 60, "plausible_max": 300},
    ),
    GameTemplate(
        "basketball_shooting", Label("1分钟投篮", "1-minute basketball shooting"), INDIVIDUAL, "heats",
        Label("罚球线处投篮，1分钟内计投中个数，自投自抢，多者胜。", "Shots made from the free-throw line in one minute; own rebounds."),
        N_("fun sports-day rules, individual 7"), {"lanes": 4, "advance": "none"}, {"measure": "count", "time_limit": 60, "plausible_max": 120},
    ),
    GameTemplate(
        "accuracy_throw", Label("乒乓球掷准", "Table-tennis ball accuracy throw"), INDIVIDUAL, "heats",
        Label("60秒内向2.5米外水桶投20球，先一手10球再换手，弹出无效；个数相同者每人再投一球，直至决出名次。",
              "20 balls into a bucket 2.5 m away in 60 s, 10 with each hand; bounce-outs do not count; ties throw one "
              "more ball each until decided."),
        N_("table-tennis plan 5 §5(1)"), {"lanes": 5, "advance": "none"},
        {"measure": "count", "max_count": 20, "extra_count": 1, "time_limit": 60, "ties": "sudden_death"},
    ),
    GameTemplate(
        "sandbag_throw", Label("掷沙包", "Sandbag throw"), INDIVIDUAL, "heats",
        Label("三次机会取最好一次；扔到对应区域获得对应分数，压线不计分。",
              "Three throws, the best counts; each zone scores its points, on the line scores 0."),
        N_("team fun-games rules §4"), {"lanes": 5, "advance": "none"}, {"measure": "zones", "attempts": 3},
    ),
    GameTemplate(
        "team_rope_skipping", Label("集体跳绳", "Team rope skipping"), TEAM, "heats",
        Label("5人同时起跳，踩绳不算、绳停结束；每队三次机会，取最好一次。",
              "Five jump together; the count stops when the rope does; three attempts, the best counts."),
        N_("team fun-games rules §2"), {"lanes": 5, "advance": "none"}, {"measure": "count", "attempts": 3, "min_size": 5, "max_size": 5, "plausible_max": 2000},
    ),
    GameTemplate(
        "drum_bounce", Label("同心击鼓", "Drum bounce"), TEAM, "heats",
        Label("11人（1人捡球）限时两分钟，颠球高度30厘米以上有效，以个数由多到少排名。",
              "11 per team (one fetches the ball), two minutes, bounces of 30 cm or more count; most ranks first."),
        N_("team fun-games rules §7"), {"lanes": 2, "advance": "none"},
        {"measure": "count", "time_limit": 120, "min_size": 11, "max_size": 11, "plausible_max": 600},
    ),
    GameTemplate(
        "basket_catch", Label("抛绣球", "Basket catch"), PAIR, "heats",
        Label("一男一女，接球者坐在3米外用篓子接球，1分钟内篓内球多者胜；成绩相同者复赛直至决出胜负。",
              "One man and one woman; the catcher sits 3 m away with a basket; most balls in one minute; ties replay until decided."),
        N_("fun-games contest rules, 6"), {"lanes": 5, "advance": "none"},
        {"measure": "count", "time_limit": 60, "men": 1, "women": 1, "ties": "sudden_death", "plausible_max": 120},
    ),
    GameTemplate(
        "piglet_herding", Label("赶猪跑", "Piglet herding"), TEAM, "heats",
        Label("8人（4男4女）20米，用接力棒赶篮球前进，用手扶球每次加1秒，用时最少者名次最好。",
              "8 per team (4 men, 4 women) drive a basketball 20 m with a baton; +1 s each time a hand touches the ball."),
        N_("grades 1–4 fun-games rules, grades 1–2, 2"), {"lanes": 4, "advance": "none"},
        {"measure": "time", "min_size": 8, "max_size": 8, "men": 4, "women": 4, "legs": 8, "penalties": {"hand_touch": 1}, "plausible_min": 5, "plausible_max": 900},
    ),
    GameTemplate(
        "sprint_hurdle_relay", Label("短跑/跨栏接力", "Sprint and hurdle relay"), TEAM, "heats",
        Label("每队12人（6男6女）；掉环犯规取消该次成绩，可重赛一次，以重赛成绩为准；第二次抢跑加10秒；每次未顺利跨栏加2秒。",
              "12 per team (6 men, 6 women); a dropped ring voids the run, one re-run replaces it; a second false start "
              "adds 10 s; +2 s per hurdle failure."),
        N_("primary-school fun sports-day rules, (1)"), {"lanes": 2, "advance": "none"},
        {"measure": "time", "min_size": 12, "max_size": 12, "men": 6, "women": 6, "legs": 12,
         "penalties": {"hurdle": 2}, "false_start_dq": 0, "false_start_seconds": 10, "reruns": 1, "plausible_min": 5, "plausible_max": 1800},
    ),
    GameTemplate(
        "board_shoes", Label("齐心协力（木板鞋）", "Board-shoe race"), TEAM, "heats",
        Label("3男3女穿木板鞋60米，途中不得单脚或双脚离开木板鞋；抽签分组及赛道，每组胜出者进入决赛，决赛取前3名。",
              "3 men and 3 women on shared board shoes over 60 m; heats and lanes by lot, each heat winner reaches the "
              "final, which ranks the top 3."),
        N_("unit sports-day rules, (2) 2; tug-of-war and heats rules §2"), {"lanes": 4, "advance": "winners"},
        {"measure": "time", "min_size": 6, "max_size": 6, "men": 3, "women": 3, "false_start_dq": 3, "plausible_min": 3, "plausible_max": 600},
    ),
    GameTemplate(
        "giant_steps", Label("巨人脚步", "Giant steps"), TEAM, "heats",
        Label("5人的脚连成两只巨脚绕折返点回到起点；再次抢步取消资格；最后一名队员的鞋越过起步线为完成。",
              "Five people on two giant feet round the turn and back; a second false start disqualifies."),
        N_("team fun-games rules §6"), {"lanes": 2, "advance": "none"}, {"measure": "time", "min_size": 5, "max_size": 5, "false_start_dq": 2, "plausible_min": 5, "plausible_max": 900},
    ),
    GameTemplate(
        "musical_chairs", Label("抢凳子", "Musical chairs"), INDIVIDUAL, "elimination",
        Label("凳子比人数少一个，音乐停时没抢到凳子的人淘汰，每轮减少一个凳子，直至最后剩下的一人获胜。",
              "One chair fewer than players; whoever finds no chair when the music stops is out; the last one left wins."),
        N_("fun-games contest rules, 4"), {"lanes": 0}, {"measure": "elimination"},
    ),
    GameTemplate(
        "balloon_stomp", Label("踩气球", "Balloon stomp"), PAIR, "elimination",
        Label("每队两人，脚踝绑气球，踩破对方气球；气球被踩爆或跑出区域者立即退出，最后剩下的队伍获胜。",
              "Two per team with balloons on their ankles; a burst balloon or leaving the area is out; the last team standing wins."),
        N_("fun-games contest rules, 5"), {"lanes": 0}, {"measure": "elimination"},
    ),
    GameTemplate(
        "tug_of_war", Label("拔河", "Tug of war"), TEAM, "round_robin",
        Label("每队10人，三局两胜；连续3次违规判负。", "10 per team, best of 3 pulls; three consecutive fouls lose the match."),
        N_("tug-of-war and heats rules §1; team fun-games rules §1"), {}, {"measure": "pulls", "best_of": 3, "min_size": 10, "max_size": 10},
    ),
    GameTemplate(
        "tug_of_war_children", Label("拔河（小学）", "Children's tug of war"), TEAM, "round_robin",
        Label("20人（10男10女），三局两胜；低年级与高年级比赛时，低年级可以多两名男生参加。",
              "20 per team (10 boys, 10 girls), best of 3; a lower grade facing a higher grade may field 2 extra boys."),
        N_("grades 1–4 fun-games rules, tug of war"), {},
        {"measure": "pulls", "best_of": 3, "min_size": 20, "max_size": 20, "men": 10, "women": 10,
         "extra_men_lower_grade": 2},
    ),
    GameTemplate(
        "square_dance", Label("广场舞", "Square dance"), TEAM, "rounds",
        Label("每队12—30人，表演不超过5分钟，满分100分、评委打分保留两位小数；三场预赛、二场复赛、一场决赛，预赛后32队进入复赛，复赛后16队进入决赛；"
              "除预赛外出场顺序抽签；决赛1—6名获一、二、三等奖，7—16名获优秀奖。",
              "Teams of 12–30, at most 5 minutes, judged out of 100 to two decimals; 3 preliminary sessions, 2 "
              "second-round sessions, a final; 32 reach the second round, 16 the final; order drawn except in the "
              "preliminaries; final places 1–6 win prizes, 7–16 excellence awards."),
        N_("square-dance contest rules §1–7"), {"sessions": [3, 2, 1], "cuts": [32, 16], "order": "list", "carry_over": False},
        {"measure": "judged", "min_size": 12, "max_size": 30, "judging": "drop_high_low"},
    ),
    GameTemplate(
        "line_dance", Label("排舞", "Line dance"), TEAM, "rounds",
        Label("集体项目每队不少于16人；出场顺序在领队会上抽签；预赛成绩不带入决赛，最后成绩由决赛产生。",
              "Group routines of 16 or more; order drawn at the team leaders' meeting; preliminary scores are not "
              "carried into the final."),
        N_("line-dance rules 2013–2016 §1.3–1.5; line-dance contest rules §1.6, §1.10"), {"sessions": [1, 1], "cuts": [8], "order": "lots", "carry_over": False},
        {"measure": "judged", "min_size": 16, "judging": "drop_high_low"},
    ),
)

CATALOGUE = {game.name: game for game in GAMES}
"""The games by name."""
